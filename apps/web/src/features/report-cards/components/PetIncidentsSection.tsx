import type { ReactNode } from 'react';
import { Card, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ErrorState, SkeletonRows } from '../../../components/states';
import { errorMessage } from '../../../lib/api-client';
import { petIncidentsQuery } from '../api/report-cards';
import { IncidentList } from './IncidentList';

/** "Incidents" on a pet's details (Pet Records): every incident over its stays, newest first. */
export function PetIncidentsSection({ petId }: { petId: string }) {
  const q = useQuery(petIncidentsQuery(petId));
  let body: ReactNode;
  if (q.isPending) body = <SkeletonRows label="Loading incidents" rows={1} height={48} />;
  else if (q.isError)
    body = <ErrorState title="Could not load incidents" message={errorMessage(q.error)} onRetry={() => void q.refetch()} />;
  else if (q.data.incidents.length === 0)
    body = (
      <Text size="sm" c="dimmed">
        No incidents recorded.
      </Text>
    );
  else body = <IncidentList incidents={q.data.incidents} />;
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="pet-incidents-title" mt="md">
      <Stack gap="sm">
        <Title order={3} fz="md" id="pet-incidents-title">
          Incidents
        </Title>
        {body}
      </Stack>
    </Card>
  );
}
