import { Button, Grid, Stack } from '@mantine/core';
import { IconCreditCard } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { RequireCustomer } from '../../../components/RequireCustomer';
import { PackagesSection } from '../components/customer/PackagesSection';
import { PetSubscriptions } from '../components/customer/PetSubscriptions';
import { ReturnNotice } from '../components/customer/ReturnNotice';
import { WalletSection } from '../components/customer/WalletSection';

/** Scrolls to the section the address names (#wallet, #packages), once it is on the page. */
function useHashScroll() {
  const { hash } = useLocation();
  useEffect(() => {
    if (!hash) return;
    const t = window.setTimeout(() => document.getElementById(hash.slice(1))?.scrollIntoView({ block: 'start' }), 300);
    return () => window.clearTimeout(t);
  }, [hash]);
}

/**
 * /customer/subscription, My Subscriptions (spec 001 §2, issue 16): the customer's pets with their subscription
 * counts and each pet's subscriptions in detail, the wallet (balance, top-up, movements) and the boarding packages.
 */
export default function CustomerSubscriptionsPage() {
  useHashScroll();
  return (
    <RequireCustomer>
      <PageHeader
        title="My Subscriptions"
        subtitle="Your pets' subscriptions, your wallet and your boarding packages."
        actions={
          <Button component={Link} to="/customer/buysubscription" leftSection={<IconCreditCard size={18} />}>
            Buy subscription
          </Button>
        }
      />
      <ReturnNotice />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <PetSubscriptions />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="lg">
            <WalletSection />
            <PackagesSection />
          </Stack>
        </Grid.Col>
      </Grid>
    </RequireCustomer>
  );
}
