import { Card, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import type { PetDetails } from '@pawdesk/shared';
import { IconDog, IconPhone, IconUser } from '@tabler/icons-react';
import { DnsListBadge } from '../../../components/donotserve';

/** The pet the visit is for: name, breed (or custom breed), owner and phone; the red badge when flagged do not serve. */
export function PetHeader({ pet }: { pet: PetDetails }) {
  const breed = pet.customBreed || pet.breed || pet.species;
  return (
    <Card withBorder radius="lg" padding="md" data-testid="visit-pet">
      <Group gap="md" wrap="nowrap" align="flex-start">
        <ThemeIcon size={44} radius="xl" variant="light">
          <IconDog size={24} aria-hidden />
        </ThemeIcon>
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={700} size="lg">
            {pet.name}
            {breed ? (
              <Text span c="dimmed" fw={400} size="md">
                {' '}
                · {breed}
              </Text>
            ) : null}
          </Text>
          <Group gap="md" wrap="wrap">
            <Group gap={4} wrap="nowrap">
              <IconUser size={14} aria-hidden />
              <Text size="sm">{pet.owner.name}</Text>
            </Group>
            {pet.owner.phone ? (
              <Group gap={4} wrap="nowrap">
                <IconPhone size={14} aria-hidden />
                <Text size="sm">{pet.owner.phone}</Text>
              </Group>
            ) : null}
          </Group>
          <DnsListBadge petId={pet._id} ownerId={pet.owner._id} compact={false} />
        </Stack>
      </Group>
    </Card>
  );
}
