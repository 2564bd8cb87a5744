import { Button, Stack, Text, Title } from '@mantine/core';
import { type AdminVisitType, type PackageOffer, PRICE_AUDIT_ENTITIES, PRICES_MSG, type SubscriptionPlan } from '@pawdesk/shared';
import { IconHistory, IconLock } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { confirm } from '../../../components/confirm';
import { PageHeader } from '../../../components/PageHeader';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { ApiError, serverMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { notify } from '../../../lib/notify';
import { usePlans } from '../api/get-plans';
import { useVisitTypes } from '../api/get-visit-types';
import { usePackageOffers, useSetPackageOffered } from '../api/packages';
import { useRestorePlan } from '../api/restore-plan';
import { useRetirePlan } from '../api/retire-plan';
import { AdmissionRuleCard } from '../components/AdmissionRuleCard';
import { AppointmentSettingsCard } from '../components/AppointmentSettingsCard';
import { GstRatesCard } from '../components/GstRatesCard';
import { HistoryDrawer, type HistoryTarget } from '../components/HistoryDrawer';
import { PackageModal, type PackageTarget } from '../components/PackageModal';
import { PackagesSection } from '../components/PackagesSection';
import { PlanModal, type PlanTarget } from '../components/PlanModal';
import { PlansSection } from '../components/PlansSection';
import { StaySettingsCard } from '../components/StaySettingsCard';
import { VisitTypeModal } from '../components/VisitTypeModal';
import { VisitTypesTable } from '../components/VisitTypesTable';

const TITLE = 'Prices & plans';
const SUBTITLE =
  'Visit prices, subscription plans and boarding packages. Changes apply to new visits, purchases and activations only.';
/** Whether the change history answers for boarding packages. */
const PACKAGE_HISTORY = (PRICE_AUDIT_ENTITIES as readonly string[]).includes('package');

function Section({ title, hint, children }: { title: string; hint: string; children: React.ReactNode }) {
  return (
    <Stack gap="sm" component="section" aria-label={title}>
      <div>
        <Title order={2} fz="lg">
          {title}
        </Title>
        <Text size="sm" c="dimmed">
          {hint}
        </Text>
      </div>
      {children}
    </Stack>
  );
}

function PriceManager() {
  const types = useVisitTypes();
  const plans = usePlans();
  const retire = useRetirePlan();
  const restore = useRestorePlan();
  const offers = usePackageOffers();
  const offered = useSetPackageOffered();
  const [packageTarget, setPackageTarget] = useState<PackageTarget | null>(null);
  const [editing, setEditing] = useState<AdminVisitType | null>(null);
  const [planTarget, setPlanTarget] = useState<PlanTarget | null>(null);
  const [history, setHistory] = useState<HistoryTarget | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  // Record names for the whole-screen history (entries name the type or plan they changed).
  const names = useMemo(
    () =>
      new Map<string, string>([
        ...(types.data?.visitTypes ?? []).map((t) => [t._id, t.purpose] as const),
        ...(plans.data?.subscriptionPlans ?? []).map((p) => [p._id, `${p.name} (${p.subscriptionType.purpose})`] as const),
        ...(offers.data ?? []).map((o) => [o._id, o.name] as const),
      ]),
    [types.data, plans.data, offers.data],
  );

  const setOffered = async (plan: SubscriptionPlan, offered: boolean) => {
    const ok = await confirm({
      title: offered ? 'Restore plan' : 'Retire plan',
      message: offered
        ? `Offer “${plan.name}” again for new purchases?`
        : `Retire “${plan.name}”? It will no longer be offered. Pets that already hold it keep their subscription.`,
      confirmLabel: offered ? 'Restore' : 'Retire',
      danger: !offered,
    });
    if (!ok) return;
    setBusy(plan._id);
    try {
      notify.success((await (offered ? restore : retire).mutateAsync(plan._id)).message);
    } catch (err) {
      notify.error(serverMessage(err, 'Error saving data'));
    } finally {
      setBusy(null);
    }
  };

  const setPackageOffer = async (offer: PackageOffer, on: boolean) => {
    const ok = await confirm({
      title: on ? 'Restore boarding package' : 'Retire boarding package',
      message: on
        ? `Offer “${offer.name}” again for new activations?`
        : `Retire “${offer.name}”? It can no longer be activated. Packages already running keep running.`,
      confirmLabel: on ? 'Restore' : 'Retire',
      danger: !on,
    });
    if (!ok) return;
    setBusy(offer._id);
    try {
      notify.success((await offered.mutateAsync({ id: offer._id, offered: on })).message);
    } catch (err) {
      notify.error(serverMessage(err, 'Error saving data'));
    } finally {
      setBusy(null);
    }
  };

  let body: React.ReactNode;
  if (types.isPending || plans.isPending) {
    body = <LoadingState label="Loading prices..." />;
  } else if (types.isError || plans.isError) {
    const failed = types.isError ? types : plans;
    // An account that stopped being an admin since it signed in.
    body =
      failed.error instanceof ApiError && failed.error.status === 403 ? (
        <AdminOnly />
      ) : (
        <ErrorState
          title="Could not load the prices"
          message={failed.error?.message ?? 'Something went wrong'}
          onRetry={() => {
            types.refetch();
            plans.refetch();
          }}
        />
      );
  } else if (types.data.visitTypes.length === 0) {
    body = (
      <EmptyState
        title="No visit types"
        hint="The visit types are installed with the database; restart the server to add them."
      />
    );
  } else {
    body = (
      <Stack gap="xl">
        <Section
          title="Visit prices"
          hint="Base and half-day prices per purpose, and the places each boarding type holds; Veterinary has a consultation price per customer type."
        >
          <VisitTypesTable
            types={types.data.visitTypes}
            onEdit={setEditing}
            onHistory={(t) => setHistory({ entity: 'visit_type', entityId: t._id, title: t.purpose })}
          />
        </Section>
        <Section title="Subscription plans" hint="Retired plans are no longer offered; pets that hold them keep them.">
          <PlansSection
            types={types.data.visitTypes}
            plans={plans.data.subscriptionPlans}
            busy={busy}
            onCreate={(t) => setPlanTarget({ kind: 'create', visitType: t })}
            onEdit={(plan) => setPlanTarget({ kind: 'edit', plan })}
            onHistory={(plan) => setHistory({ entity: 'plan', entityId: plan._id, title: plan.name })}
            onRetire={(plan) => setOffered(plan, false)}
            onRestore={(plan) => setOffered(plan, true)}
          />
        </Section>
        <Section
          title="Boarding packages"
          hint="Wallet-funded boarding, charged per pet one day at a time (the “15 Days Boarding Plan”). Not subscription plans."
        >
          {offers.data ? (
            <PackagesSection
              offers={offers.data}
              busy={busy}
              onCreate={() => setPackageTarget({ kind: 'create' })}
              onEdit={(offer) => setPackageTarget({ kind: 'edit', offer })}
              onHistory={
                PACKAGE_HISTORY
                  ? (offer) => setHistory({ entity: 'package' as never, entityId: offer._id, title: offer.name })
                  : undefined
              }
              onRetire={(offer) => setPackageOffer(offer, false)}
              onRestore={(offer) => setPackageOffer(offer, true)}
            />
          ) : offers.isError ? (
            <ErrorState
              title="Could not load the boarding packages"
              message={serverMessage(offers.error, 'Something went wrong')}
              onRetry={() => void offers.refetch()}
            />
          ) : (
            <LoadingState label="Loading boarding packages..." />
          )}
        </Section>
        <Section
          title="Stays"
          hint="How Hostel, Day Care and the other boarding stays are counted and charged, and reservations' free cancellation."
        >
          <StaySettingsCard />
        </Section>
        <Section
          title="Online appointments"
          hint="What customers can book online: the times, places per slot, pickup & drop and its fare, and when a cancellation is refunded in full."
        >
          <AppointmentSettingsCard types={types.data.visitTypes} />
        </Section>
        <Section
          title="GST rates"
          hint="The rates visit types and items may use. A retired rate stays on documents issued before it was retired."
        >
          <GstRatesCard />
        </Section>
        <Section title="Admission rule" hint="Who may board: a dog's age and its core vaccinations.">
          <AdmissionRuleCard />
        </Section>
      </Stack>
    );
  }

  return (
    <>
      <PageHeader
        title={TITLE}
        subtitle={SUBTITLE}
        actions={
          <Button variant="default" leftSection={<IconHistory size={16} />} onClick={() => setHistory({ entity: 'visit_type' })}>
            History
          </Button>
        }
      />
      {body}
      <VisitTypeModal type={editing} onClose={() => setEditing(null)} />
      <PlanModal target={planTarget} onClose={() => setPlanTarget(null)} />
      <PackageModal target={packageTarget} types={types.data?.visitTypes ?? []} onClose={() => setPackageTarget(null)} />
      <HistoryDrawer target={history} names={names} onChange={setHistory} onClose={() => setHistory(null)} />
    </>
  );
}

function AdminOnly() {
  return (
    <EmptyState
      icon={<IconLock size={26} />}
      title={PRICES_MSG.adminOnly}
      hint="Ask an administrator to change visit prices or subscription plans."
    />
  );
}

/** `/staff/prices`: admins change visit prices and subscription plans and see who changed what. */
export default function PricesPage() {
  const { user } = useAuth();
  if (!user?.isAdmin) {
    return (
      <>
        <PageHeader title={TITLE} subtitle={SUBTITLE} />
        <AdminOnly />
      </>
    );
  }
  return <PriceManager />;
}
