import { Anchor, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconClock, IconHelpCircle, IconMail, IconMapPin, IconPhone } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useBusiness } from '../../../lib/business';

function Line({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <ThemeIcon variant="light" size={28} radius="md" aria-hidden>
        {icon}
      </ThemeIcon>
      <div style={{ minWidth: 0 }}>
        <Text size="xs" c="dimmed">
          {label}
        </Text>
        <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {children}
        </Text>
      </div>
    </Group>
  );
}

/** Need help? The business's contact details, from configuration (GET /site/business). */
export function HelpCard() {
  const b = useBusiness();
  const tel = b.phone.replace(/[^\d+]/g, '');
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="help-title">
      <Group gap="sm" mb="sm" wrap="nowrap" align="flex-start">
        <ThemeIcon variant="light" size={40} radius="md">
          <IconHelpCircle />
        </ThemeIcon>
        <div>
          <Title order={2} fz="lg" id="help-title">
            Need help?
          </Title>
          <Text size="sm" c="dimmed">
            {b.name} is here for you and your pets.
          </Text>
        </div>
      </Group>
      <Stack gap="sm">
        {b.phone ? (
          <Line icon={<IconPhone size={16} />} label="Call us">
            <Anchor href={`tel:${tel}`}>{b.phone}</Anchor>
          </Line>
        ) : null}
        {b.email ? (
          <Line icon={<IconMail size={16} />} label="Email">
            <Anchor href={`mailto:${b.email}`}>{b.email}</Anchor>
          </Line>
        ) : null}
        {b.address ? (
          <Line icon={<IconMapPin size={16} />} label="Visit us">
            {b.address}
          </Line>
        ) : null}
        {b.openingHours ? (
          <Line icon={<IconClock size={16} />} label="Opening hours">
            {b.openingHours}
          </Line>
        ) : null}
      </Stack>
    </Card>
  );
}
