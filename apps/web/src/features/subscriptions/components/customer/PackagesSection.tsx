import { Card, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ErrorState, LoadingState } from '../../../../components/states';
import { myPackagesQuery, myPetsQuery, packagesOnOfferQuery } from '../../../../lib/endpoints/customer';
import { ActivatePackageForm } from './ActivatePackageForm';
import { PackageCard } from './PackageCard';
import { isLive, petsOnLivePackages } from './packages';

/**
 * My Subscriptions' boarding packages (issue 16, the business's "15 Days Boarding Plan"): the customer's packages
 * and the form to request one for their pets. Named apart from the subscription plans (such as 'Hostel 15 Days').
 */
export function PackagesSection() {
  const mine = useQuery(myPackagesQuery());
  const offers = useQuery(packagesOnOfferQuery());
  const pets = useQuery(myPetsQuery());

  let body: React.ReactNode;
  if (mine.isPending || offers.isPending || pets.isPending) body = <LoadingState label="Loading your boarding packages..." />;
  else if (!mine.data)
    body = <ErrorState title="Could not load your packages" message={mine.error?.message ?? ''} onRetry={() => mine.refetch()} />;
  else {
    const { packages, wallet } = mine.data;
    // Live ones first, then stopped and ended (each newest first, as the server lists them).
    const ordered = [...packages.filter(isLive), ...packages.filter((p) => !isLive(p))];
    body = (
      <Stack gap="md">
        {ordered.length === 0 ? (
          <Text size="sm" c="dimmed">
            You have no boarding packages yet.
          </Text>
        ) : (
          ordered.map((p) => <PackageCard key={p._id} p={p} balance={wallet.balance} />)
        )}
        {offers.isError && !offers.data ? (
          <ErrorState
            title="Could not load the packages on offer"
            message={offers.error.message}
            onRetry={() => offers.refetch()}
          />
        ) : pets.isError && !pets.data ? (
          <ErrorState title="Failed to fetch pets" message={pets.error.message} onRetry={() => pets.refetch()} />
        ) : (offers.data ?? []).length === 0 ? (
          <Text size="sm" c="dimmed">
            No boarding packages are on offer just now.
          </Text>
        ) : (pets.data ?? []).length === 0 ? (
          <Text size="sm" c="dimmed">
            Register a pet to activate a boarding package for it.
          </Text>
        ) : (
          <ActivatePackageForm
            offers={offers.data ?? []}
            pets={pets.data ?? []}
            busy={petsOnLivePackages(packages)}
            balance={wallet.balance}
          />
        )}
      </Stack>
    );
  }

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="packages-heading" id="packages">
      <Title order={2} fz="lg" id="packages-heading">
        Boarding packages
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        A boarding package, such as the 15 Days Boarding Plan, boards your pets for a set number of days and is charged day by day
        from your wallet. It is not a subscription plan (such as Hostel 15 Days), which is paid for up front.
      </Text>
      {body}
    </Card>
  );
}
