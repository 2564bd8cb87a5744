import { Alert, Button, Stack, Text } from '@mantine/core';
import { isId, nameAndPhone, VISIT_MESSAGES } from '@pawdesk/shared';
import { IconAlertTriangle, IconArrowLeft } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useNavigate } from 'react-router';
import { BuySubscriptionForm } from '../../../components/BuySubscriptionForm';
import { PageHeader } from '../../../components/PageHeader';
import { ErrorState, LoadingState } from '../../../components/states';
import { petDetailsQuery } from '../../../lib/endpoints/pets';
import { visitTypesQuery } from '../../../lib/endpoints/visit-types';

/**
 * Staff subscription purchase (spec 001 §2): the pet (and, from Renew, the plan) from navigation state, a plan, the
 * payment options.
 */
export default function StaffBuySubscriptionPage() {
  const location = useLocation();
  const navigate = useNavigate();
  // Renew (Pet Records) also names the plan to start with.
  const state = location.state as { petId?: unknown; planId?: unknown } | null;
  const petId = isId(state?.petId) ? state.petId : undefined;
  const planId = isId(state?.planId) ? state.planId : null;
  const pet = useQuery({ ...petDetailsQuery(petId), retry: false });
  const types = useQuery({ ...visitTypesQuery(), enabled: Boolean(petId) });
  const buyType = types.data?.find((t) => t.code === 'buy_subscription');

  let body: React.ReactNode;
  if (!petId) {
    body = (
      <Alert color="yellow" icon={<IconAlertTriangle size={18} />} title="No pet selected" role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{VISIT_MESSAGES.petMissing}</Text>
          <Button component={Link} to="/staff/history" size="xs" variant="white">
            Go to Pet Records
          </Button>
        </Stack>
      </Alert>
    );
  } else if ((pet.isError && !pet.data) || (types.isError && !types.data)) {
    body = (
      <ErrorState
        message="Could not load the pet or the visit types."
        onRetry={() => {
          if (pet.isError) void pet.refetch();
          if (types.isError) void types.refetch();
        }}
      />
    );
  } else if (pet.isPending || types.isPending) {
    body = <LoadingState />;
  } else {
    body = (
      <BuySubscriptionForm
        key={location.key}
        petId={petId}
        visitTypeId={buyType?._id}
        initialPlanId={planId}
        onDone={() => navigate('/staff/dashboard')}
      />
    );
  }

  return (
    <Stack gap="md" maw={760}>
      <PageHeader
        title="Buy Subscription"
        subtitle={
          pet.data
            ? `${pet.data.name} · Owner: ${nameAndPhone(pet.data.owner.name, pet.data.owner.phone, ' · ')}`
            : 'A plan for a pet'
        }
        actions={
          <Button component={Link} to="/staff/history" variant="default" leftSection={<IconArrowLeft size={16} />}>
            Pet Records
          </Button>
        }
      />
      {body}
    </Stack>
  );
}
