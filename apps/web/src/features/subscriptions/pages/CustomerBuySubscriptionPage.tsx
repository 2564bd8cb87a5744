import { Alert, Anchor, Button, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconInfoCircle, IconPaw } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { RequireCustomer } from '../../../components/RequireCustomer';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { useAuth } from '../../../lib/auth';
import { customerSubscriptionsQuery, myPetsQuery } from '../../../lib/endpoints/customer';
import { plansQuery } from '../../../lib/endpoints/subscriptions';
import { BuyPlanForm } from '../components/customer/BuyPlanForm';
import { CurrentSubscriptions } from '../components/customer/CurrentSubscriptions';
import type { BuyablePlan } from '../components/customer/buy-plan';

/** The calm note after a dismissed checkout (the cancel address is this page with ?cancelled=1). */
function CancelledNote() {
  const [params, setParams] = useSearchParams();
  if (params.get('cancelled') !== '1') return null;
  return (
    <Alert
      color="gray"
      variant="light"
      icon={<IconInfoCircle size={18} />}
      title="Payment cancelled"
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={() => setParams({}, { replace: true })}
      role="status"
      mb="md"
      maw={640}
    >
      The checkout was closed before paying, so nothing was charged and no subscription was bought. You can choose again whenever
      you are ready.
    </Alert>
  );
}

function BuySubscription() {
  const { user } = useAuth();
  const state = useLocation().state as { petId?: string } | null;
  const pets = useQuery(myPetsQuery());
  const plans = useQuery(plansQuery());
  const subs = useQuery({ ...customerSubscriptionsQuery(user?.email), retry: false });

  if (pets.isPending || plans.isPending) return <LoadingState label="Loading your pets and the plans..." />;
  if (pets.isError)
    return <ErrorState title="Failed to fetch pets" message={pets.error.message} onRetry={() => pets.refetch()} />;
  if (plans.isError)
    return <ErrorState title="Could not load the plans" message={plans.error.message} onRetry={() => plans.refetch()} />;
  if (pets.data.length === 0)
    return (
      <EmptyState
        icon={<IconPaw size={26} />}
        title="Register a Pet First"
        hint="A subscription is bought for one of your pets. Register your pet, then come back here."
        action={
          <Button component={Link} to="/customer/petform">
            Register New Pet
          </Button>
        }
      />
    );
  const offered = (plans.data as BuyablePlan[]).filter((p) => p.active !== false);
  if (offered.length === 0)
    return (
      <EmptyState title="No plans on offer" hint="There are no subscription plans to buy just now. Please ask the resort." />
    );
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" style={{ alignItems: 'start' }}>
      <BuyPlanForm pets={pets.data} plans={offered} subscriptions={subs.data} initialPetId={state?.petId} />
      <CurrentSubscriptions subscriptions={subs.isError ? [] : subs.data} />
    </SimpleGrid>
  );
}

/** /customer/buysubscription: pet, plan, total price, pay through the card checkout (spec 001 §2). */
export default function CustomerBuySubscriptionPage() {
  return (
    <RequireCustomer>
      <PageHeader
        title="Buy Subscription"
        subtitle="Prepaid days and grooming sessions for your pet, paid online."
        actions={
          <Button component={Link} to="/customer/subscription" variant="default">
            My Subscriptions
          </Button>
        }
      />
      <CancelledNote />
      <Stack gap="md">
        <BuySubscription />
        <Text size="sm" c="dimmed" maw={640}>
          Looking for the 15 Days Boarding Plan? That is a boarding package, not a subscription plan: it is charged day by day
          from your wallet. Find it under{' '}
          <Anchor component={Link} to="/customer/subscription#packages">
            My Subscriptions, Boarding packages
          </Anchor>
          .
        </Text>
      </Stack>
    </RequireCustomer>
  );
}
