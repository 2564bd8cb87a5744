import { Button, Card, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { ageLabel, breedLabel, todayIn } from '@pawdesk/shared';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { PetAvatar } from '../../../components/media/AuthImage';
import { PageHeader } from '../../../components/PageHeader';
import { RequireCustomer } from '../../../components/RequireCustomer';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { useAuth } from '../../../lib/auth';
import { useCustomerPets } from '../api/customer-visits';
import classes from '../components/visits.module.css';

function PetGrid() {
  const { user } = useAuth();
  const navigate = useNavigate();
  const q = useCustomerPets(user?.email);
  let body: ReactNode;
  if (q.isPending) body = <LoadingState label="Loading your pets..." />;
  else if (q.isError)
    body = (
      <ErrorState title="Could not load pets" message="Failed to load your registered pets" onRetry={() => void q.refetch()} />
    );
  else if (q.data.length === 0)
    body = (
      <EmptyState
        title="No registered pets found."
        action={
          <Button component={Link} to="/customer/petform" size="xs" variant="light">
            Register New Pet
          </Button>
        }
      />
    );
  else
    body = (
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="md">
        {q.data.map((p, i) => (
          <UnstyledButton
            key={p._id}
            className={classes.card}
            onClick={() => navigate(`/customer/viewpetvisit/${p._id}`)}
            aria-label={`${p.name}: view visits`}
            data-autofocus={i === 0 || undefined}
          >
            <Stack align="center" gap={6} ta="center">
              <PetAvatar photo={p.photo} name={p.name} size={56} radius="xl" variant="light" />
              <Text fw={700}>{p.name}</Text>
              <Text size="sm" c="dimmed">
                {breedLabel(p)}
                {p.dob ? ` · ${ageLabel(p.dob, todayIn())}` : ''}
              </Text>
              <Text size="xs" c="orange.8" fw={600}>
                Click to view Visits
              </Text>
            </Stack>
          </UnstyledButton>
        ))}
      </SimpleGrid>
    );
  return (
    <Card withBorder={false} p={0}>
      {body}
    </Card>
  );
}

/** Choose Pet (/customer/viewvisit): the customer's pets; a click shows that pet's visits (spec 000 §2). */
export default function ChoosePetPage() {
  return (
    <RequireCustomer>
      <PageHeader
        title="Choose Pet"
        subtitle="Pick a pet to see its visits"
        actions={
          <Button component={Link} to="/customer/petform" variant="light">
            Register New Pet
          </Button>
        }
      />
      <PetGrid />
    </RequireCustomer>
  );
}
