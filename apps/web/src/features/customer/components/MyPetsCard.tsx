import { Avatar, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { ageLabel, breedLabel, type PetDetails, todayIn } from '@pawdesk/shared';
import { IconPaw, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { EmptyState, ErrorState, SkeletonRows } from '../../../components/states';
import { myPetsQuery } from '../../../lib/endpoints/customer';

/**
 * A pet's picture where the record has one (`image`, the original system's photo URL, when imported), else its
 * initial. Pawdesk itself does not store pet photos yet.
 */
function PetAvatar({ pet }: { pet: PetDetails }) {
  const image = (pet as PetDetails & { image?: string | null }).image ?? null;
  return (
    <Avatar src={image} alt={image ? `Photo of ${pet.name}` : undefined} size={48} radius="xl" color="orange" variant="light">
      {pet.name.charAt(0).toUpperCase()}
    </Avatar>
  );
}

/** My Pets: the customer's registered pets, each leading to its visits, and Register New Pet. */
export function MyPetsCard() {
  const q = useQuery(myPetsQuery());
  let body: ReactNode;
  if (q.isPending) body = <SkeletonRows label="Loading your pets" rows={2} height={48} />;
  else if (q.isError)
    body = (
      <ErrorState title="Could not load pets" message="Failed to load your registered pets" onRetry={() => void q.refetch()} />
    );
  else if (q.data.length === 0)
    body = (
      <EmptyState
        title="No registered pets found."
        hint="Register your pet to book services, buy subscriptions and see its visits."
        icon={<IconPaw size={26} />}
      />
    );
  else
    body = (
      <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="My Pets">
        {q.data.map((p) => (
          <Card key={p._id} component="li" withBorder radius="md" padding="sm">
            <Group wrap="nowrap" gap="sm">
              <PetAvatar pet={p} />
              <div style={{ flex: 1, minWidth: 0 }}>
                <Text fw={700} truncate>
                  {p.name}
                </Text>
                <Text size="sm" c="dimmed" truncate>
                  {breedLabel(p)}
                  {p.dob ? ` · ${ageLabel(p.dob, todayIn())}` : ''}
                </Text>
              </div>
              <Button
                component={Link}
                to={`/customer/viewpetvisit/${p._id}`}
                variant="light"
                size="xs"
                aria-label={`${p.name}: visits`}
              >
                Visits
              </Button>
              <Button
                component={Link}
                to={`/customer/reportcards?pet=${p._id}`}
                variant="subtle"
                size="xs"
                aria-label={`${p.name}: report cards`}
              >
                Report cards
              </Button>
            </Group>
          </Card>
        ))}
      </Stack>
    );
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="my-pets-title">
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Title order={2} fz="lg" id="my-pets-title">
          My Pets
        </Title>
        <Button component={Link} to="/customer/petform" size="xs" leftSection={<IconPlus size={14} />}>
          Register New Pet
        </Button>
      </Group>
      {body}
    </Card>
  );
}
