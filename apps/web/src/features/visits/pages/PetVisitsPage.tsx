import { Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { formatDate, type PetVisit } from '@pawdesk/shared';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { Money } from '../../../components/Money';
import { PageHeader } from '../../../components/PageHeader';
import { RequireCustomer } from '../../../components/RequireCustomer';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { errorMessage } from '../../../lib/api-client';
import { useCustomerPetVisits } from '../api/customer-visits';
import { LoadMore } from '../../../components/LoadMore';
import { VisitDocuments } from '../components/VisitDocuments';

/** The amount paid as the customer reads it: details.payment.amount, 0 when absent (spec 001 §3). */
function paidAmount(v: PetVisit): number {
  const payment = (v.details as { payment?: { amount?: unknown } }).payment;
  const n = Number(payment?.amount);
  return Number.isFinite(n) ? n : 0;
}

function Visits({ petId }: { petId: string }) {
  const q = useCustomerPetVisits(petId);
  const visits = q.data?.pages.flatMap((p) => p.List) ?? [];
  let body: ReactNode;
  if (q.isPending) body = <LoadingState label="Loading visits..." />;
  else if (q.isError)
    body = <ErrorState title="Could not load visits" message={errorMessage(q.error)} onRetry={() => void q.refetch()} />;
  else if (visits.length === 0) body = <EmptyState title="No visits found" />;
  else
    body = (
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {visits.map((v) => (
            <Card key={v._id} withBorder radius="md" padding="md" component="article" aria-label={`${v.pet.name} visit`}>
              <Group justify="space-between" wrap="nowrap" mb={4}>
                <Text fw={700}>{v.pet.name}</Text>
                <Text size="sm" c="dimmed">
                  {formatDate(v.createdAt)}
                </Text>
              </Group>
              <Text size="sm">{v.visitType.purpose || v.purpose}</Text>
              <Text fw={600} mt={6}>
                <Money value={paidAmount(v)} />
              </Text>
              <VisitDocuments visitId={v._id} petName={v.pet.name} />
            </Card>
          ))}
        </SimpleGrid>
        <LoadMore q={q} label="Load more visits" />
      </Stack>
    );
  return body;
}

/** Pet Visits (/customer/viewpetvisit/{petId}): the visits of one of the customer's pets (spec 000 §2). */
export default function PetVisitsPage() {
  const { petId } = useParams();
  return (
    <RequireCustomer>
      <PageHeader
        title="Pet Visits"
        actions={
          <Button component={Link} to="/customer/viewvisit" variant="default" leftSection={<IconArrowLeft size={16} />}>
            Choose Pet
          </Button>
        }
      />
      {petId ? <Visits petId={petId} /> : <EmptyState title="No visits found" />}
    </RequireCustomer>
  );
}
