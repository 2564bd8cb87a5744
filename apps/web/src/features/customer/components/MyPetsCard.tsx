import { Box, Button, Card, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { ageLabel, breedLabel, type PetDetails, todayIn } from '@pawdesk/shared';
import { IconPaw, IconPlus } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { CareWarningBadges } from '../../../components/CareWarningBadges';
import { Link } from 'react-router';
import { EmptyState, ErrorState, SkeletonRows } from '../../../components/states';
import { CustomerDnsNotice, useCustomerDns } from '../../../components/donotserve';
import { PetAvatar } from '../../../components/media/AuthImage';
import { PetPhotoEditor } from '../../../components/media/PetPhotoEditor';
import { myPetsKey, myPetsQuery } from '../../../lib/endpoints/customer';

/** My Pets: the customer's registered pets with their photos (add or change one), each leading to its visits. */
export function MyPetsCard({ petCare }: { petCare?: (petId: string) => ReactNode } = {}) {
  const q = useQuery(myPetsQuery());
  const qc = useQueryClient();
  const [careOf, setCareOf] = useState<PetDetails | null>(null);
  // Paused services (do not serve): the owner's own flag above the list, each pet's under it.
  const dns = useCustomerDns();
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
        {dns.owner ? (
          <li>
            <CustomerDnsNotice flag={dns.owner} />
          </li>
        ) : null}
        {q.data.map((p) => (
          <Card key={p._id} component="li" withBorder radius="md" padding="sm" data-testid="my-pet-card">
            <Group wrap="nowrap" gap="sm" align="flex-start">
              <PetAvatar photo={p.photo} name={p.name} size={56} radius="xl" variant="light" />
              <div style={{ flex: 1, minWidth: 0 }}>
                <Text fw={700} truncate>
                  {p.name}
                </Text>
                <Text size="sm" c="dimmed" truncate>
                  {breedLabel(p)}
                  {p.dob ? ` · ${ageLabel(p.dob, todayIn())}` : ''}
                </Text>
                <CareWarningBadges warnings={p.careWarnings} compact />
                <div style={{ marginTop: 6 }}>
                  <PetPhotoEditor pet={p} variant="compact" onChanged={() => qc.invalidateQueries({ queryKey: myPetsKey })} />
                </div>
              </div>
              {petCare ? (
                <Button variant="subtle" size="xs" aria-label={`${p.name}: care instructions`} onClick={() => setCareOf(p)}>
                  Care
                </Button>
              ) : null}
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
            {dns.byPet.get(p._id) ? (
              <Box mt="xs">
                <CustomerDnsNotice flag={dns.byPet.get(p._id)!} />
              </Box>
            ) : null}
          </Card>
        ))}
      </Stack>
    );
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="my-pets-title">
      {careOf && petCare ? (
        <Modal opened onClose={() => setCareOf(null)} title={`${careOf.name}: care instructions`} size="lg">
          {petCare(careOf._id)}
        </Modal>
      ) : null}
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
