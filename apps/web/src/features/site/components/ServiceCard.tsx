import { Badge, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconBallTennis,
  IconBed,
  IconClock,
  IconPaw,
  IconSchool,
  IconScissors,
  IconStethoscope,
  IconSun,
  IconTrees,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Money } from '../../../components/Money';
import { formatDuration } from '../format';
import classes from './site.module.css';

/** An icon that fits the service's name (a paw when nothing matches). */
export function ServiceIcon({ name, size = 26 }: { name: string; size?: number }) {
  const n = name.toLowerCase();
  const props = { size, stroke: 1.6, 'aria-hidden': true } as const;
  if (n.includes('day boarding') || n.includes('day care')) return <IconSun {...props} />;
  if (n.includes('boarding') || n.includes('hostel')) return <IconBed {...props} />;
  if (n.includes('day school')) return <IconSchool {...props} />;
  if (n.includes('play')) return <IconBallTennis {...props} />;
  if (n.includes('park')) return <IconTrees {...props} />;
  if (n.includes('groom')) return <IconScissors {...props} />;
  if (n.includes('vet')) return <IconStethoscope {...props} />;
  return <IconPaw {...props} />;
}

/** Where a Book Now button leads: the booking page with the service's visit type (id or code) in `?service=`. */
export function bookingPath(visitType: string | null | undefined): string {
  return visitType ? `/customer/bookservice?service=${encodeURIComponent(visitType)}` : '/customer/bookservice';
}

export interface ServiceCardProps {
  name: string;
  description: string;
  /** Minutes. */
  duration: number;
  /** Rupees. */
  price: number;
  /** Heading level of the service name within the page. */
  order?: 2 | 3;
  action?: ReactNode;
}

/** One service of the catalogue: icon, name, duration, price and what it includes. */
export function ServiceCard({ name, description, duration, price, order = 3, action }: ServiceCardProps) {
  const length = formatDuration(duration);
  return (
    <Card withBorder radius="lg" padding="lg" className={classes.serviceCard} component="article">
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <ThemeIcon size={48} radius="md" variant="light" color="orange">
            <ServiceIcon name={name} />
          </ThemeIcon>
          {length ? (
            <Badge variant="light" color="teal" size="lg" leftSection={<IconClock size={14} aria-hidden />}>
              {length}
            </Badge>
          ) : null}
        </Group>
        <Title order={order} fz="lg">
          {name}
        </Title>
        <Text size="sm" c="dimmed" style={{ flex: 1 }}>
          {description}
        </Text>
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="xs">
          <div>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600} lh={1.2}>
              Price
            </Text>
            <Text fz={22} fw={700} c="orange.9" lh={1.3}>
              <Money value={price} />
            </Text>
          </div>
        </Group>
        {action}
      </Stack>
    </Card>
  );
}
