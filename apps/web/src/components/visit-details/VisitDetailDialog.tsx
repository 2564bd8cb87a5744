import { Alert, Badge, Divider, Group, Modal, Stack, Text } from '@mantine/core';
import {
  ageLabel,
  type BoughtSubscriptionResponse,
  formatINR,
  todayIn,
  VET_CUSTOMER_TYPE_LABEL,
  type VetCustomerType,
  type VisitDetails,
} from '@pawdesk/shared';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiError } from '../../lib/api-client';
import { visitDocumentsQuery } from '../../lib/endpoints/documents';
import { boughtSubscriptionKey, fetchBoughtSubscription, fetchVisitDetails, visitDetailsKey } from '../../lib/endpoints/visits';
import { Money } from '../Money';
import { phoneText } from '../PhoneLink';
import { LoadingState } from '../states';
import { dash, dialogDate, Facts, Lines, Section, VISIT_DIALOG_TEXT } from './dialog-parts';
import { LedgerRows, ledgerDocuments } from './LedgerRows';
import { SaleActions } from './SaleActions';

export { dialogDate, VISIT_DIALOG_TEXT } from './dialog-parts';
export { LedgerRows, type LedgerDocumentsState } from './LedgerRows';

/** Which layout a purpose gets (spec 000 §2, Visit History search). */
export type DialogLayout = 'veterinary' | 'hostel' | 'subscription' | 'shop' | 'other';

export function layoutOf(purpose: string | null | undefined): DialogLayout {
  const p = (purpose ?? '').trim().toLowerCase();
  if (p === 'veterinary') return 'veterinary';
  if (p === 'hostel') return 'hostel';
  if (p === 'buy subscription' || p === 'renew subscription') return 'subscription';
  if (p === 'shop') return 'shop';
  return 'other';
}

/** Visit ids are 24 characters (spec 000 §5, §9). */
export const isVisitId = (id: string | null | undefined): id is string => typeof id === 'string' && id.length === 24;

function failureText(err: unknown, layout: DialogLayout): string {
  if (err instanceof ApiError && err.status === 401) return VISIT_DIALOG_TEXT.auth;
  if (layout === 'veterinary') return VISIT_DIALOG_TEXT.failedVet;
  if (layout === 'subscription') return VISIT_DIALOG_TEXT.failedSubscription;
  return err instanceof ApiError && err.status !== 0 && err.message ? err.message : VISIT_DIALOG_TEXT.failedOther;
}

function customerTypeLabel(t: string | undefined): string {
  if (!t) return '—';
  return Object.hasOwn(VET_CUSTOMER_TYPE_LABEL, t) ? VET_CUSTOMER_TYPE_LABEL[t as VetCustomerType] : t;
}

function petFacts(v: VisitDetails): [string, ReactNode][] {
  return [
    ['Pet', v.pet.name],
    ['Species / breed', [v.pet.species, v.pet.breed].filter(Boolean).join(' · ') || '—'],
    ['Owner', v.pet.owner.name],
    ['Contact', phoneText(v.pet.owner.phone)],
  ];
}

function Medicines({ v }: { v: VisitDetails }) {
  return (
    <Section title="Medicines">
      <Lines
        head={['Name', 'Quantity', 'Unit', 'Category']}
        rows={v.details.medicines.map((m) => [m.name, m.quantity, dash(m.unit), dash(m.category)])}
        empty="No medicines"
      />
    </Section>
  );
}

function Veterinary({ v }: { v: VisitDetails }) {
  const d = v.details;
  return (
    <>
      <Facts
        items={[
          ...petFacts(v),
          ['Age', ageLabel(v.pet.dob, todayIn())],
          ['Price', <Money key="p" value={d.price} />],
          ['Customer type', customerTypeLabel(d.customerType)],
          ['Discount', <Money key="d" value={d.discount} />],
        ]}
      />
      <Section title="Vaccines">
        <Lines
          head={['Name', 'Dose', 'Volume', 'Type']}
          rows={d.vaccines.map((x) => [x.name, dash(x.doseNumber), dash(x.volume), dash(x.type)])}
          empty="No vaccines"
        />
      </Section>
      <Medicines v={v} />
      <Section title="Follow-up">
        <Text size="sm">
          {d.nextFollowUp
            ? `${dialogDate(d.nextFollowUp)}${d.followUpTime ? ` at ${d.followUpTime}` : ''}${d.followUpPurpose ? ` — ${d.followUpPurpose}` : ''}`
            : 'No follow-up'}
        </Text>
      </Section>
    </>
  );
}

function Hostel({ v }: { v: VisitDetails }) {
  const d = v.details;
  return (
    <>
      <Facts
        items={[
          ...petFacts(v),
          ['Stay (days)', dash(d.numberOfDays)],
          ['Price', <Money key="p" value={d.price} />],
          ['Daily rate', <Money key="r" value={v.visitType.price} />],
          ['Half-day rate', <Money key="h" value={v.visitType.halfdayPrice} />],
          ['Discount', <Money key="d" value={d.discount} />],
          ['Subscription used', d.isSubscriptionAvailed ? 'Yes' : 'No'],
        ]}
      />
      <Medicines v={v} />
    </>
  );
}

function Subscription({ v, bought }: { v: VisitDetails; bought: BoughtSubscriptionResponse['data'] }) {
  const renewal = v.purpose.trim().toLowerCase() === 'renew subscription';
  return (
    <>
      <Facts
        items={[
          ['Pet', v.pet.name],
          ['Owner', v.pet.owner.name],
          ['Transaction type', renewal ? 'Renewal' : 'Purchase'],
          ['Subscription type', `${bought.subscriptionType.purpose} · ${bought.planId.name}`],
          ['Duration (days)', bought.duration],
          ['Grooming sessions', bought.planId.numberOfGroomings],
          ['Plan price', <Money key="p" value={bought.price} />],
          ['Purchase date', dialogDate(v.createdAt)],
          ['Validity', bought.validityInDays === null ? 'No expiry' : `${bought.validityInDays} days`],
        ]}
      />
      <Text size="sm" c="dimmed">
        {renewal
          ? "A renewal: the plan's days and grooming sessions were added to the pet's live subscription."
          : 'A new subscription: a renewal later adds its days and sessions to this one.'}
      </Text>
    </>
  );
}

function Shop({ v }: { v: VisitDetails }) {
  const d = v.details;
  return (
    <>
      <Facts items={petFacts(v)} />
      <Section title="Products">
        <Lines
          head={['Name', 'Quantity', 'Unit', 'Price', 'Category']}
          rows={d.items.map((i) => [i.name, i.quantity, dash(i.unit), <Money key="p" value={i.price} />, dash(i.category)])}
          empty="No products"
        />
      </Section>
      <Group justify="space-between">
        <Text fw={700}>Total amount</Text>
        <Text fw={700}>
          <Money value={d.totalCalculatedPrice ?? d.price} />
        </Text>
      </Group>
    </>
  );
}

function Generic({ v }: { v: VisitDetails }) {
  return (
    <Facts
      items={[
        ...petFacts(v),
        ['Purpose', v.purpose],
        ['Price', <Money key="p" value={v.details.price} />],
        ['Discount', <Money key="d" value={v.details.discount} />],
      ]}
    />
  );
}

function DialogError({ message }: { message: string }) {
  return (
    <Alert color="red" variant="light" title={VISIT_DIALOG_TEXT.errorTitle} icon={<IconAlertTriangle />} role="alert">
      <Stack gap={4}>
        <Text size="sm">{message}</Text>
        <Text size="sm" c="dimmed">
          {VISIT_DIALOG_TEXT.hint}
        </Text>
      </Stack>
    </Alert>
  );
}

/** The body of the dialog for one visit id: the id check, loading, the errors and the purpose's layout. */
export function VisitDetailBody({ visitId, purpose }: { visitId: string; purpose?: string | null }) {
  const hinted = layoutOf(purpose);
  const validId = isVisitId(visitId);
  const details = useQuery({
    queryKey: visitDetailsKey(visitId),
    queryFn: ({ signal }) => fetchVisitDetails(visitId, signal),
    enabled: validId,
  });
  const layout = details.data ? layoutOf(details.data.data.purpose) : hinted;
  const documents = useQuery({ ...visitDocumentsQuery(visitId), enabled: validId && details.isSuccess });
  const bought = useQuery({
    queryKey: boughtSubscriptionKey(visitId),
    queryFn: ({ signal }) => fetchBoughtSubscription(visitId, signal),
    enabled: validId && layout === 'subscription',
  });

  if (!validId) {
    const message =
      hinted === 'veterinary'
        ? VISIT_DIALOG_TEXT.invalidVet
        : hinted === 'subscription'
          ? VISIT_DIALOG_TEXT.invalidSubscription
          : VISIT_DIALOG_TEXT.failedOther;
    return <DialogError message={message} />;
  }
  if (details.isError) return <DialogError message={failureText(details.error, layout)} />;
  if (layout === 'subscription' && bought.isError) return <DialogError message={failureText(bought.error, 'subscription')} />;
  if (!details.data || (layout === 'subscription' && !bought.data)) return <LoadingState label="Loading details..." />;

  const v = details.data.data;
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text size="sm" c="dimmed">
          {dialogDate(v.createdAt, true)}
        </Text>
        {v.voided ? (
          <Badge color="red" variant="filled">
            Voided
          </Badge>
        ) : null}
      </Group>
      {layout === 'veterinary' ? <Veterinary v={v} /> : null}
      {layout === 'hostel' ? <Hostel v={v} /> : null}
      {layout === 'subscription' && bought.data ? <Subscription v={v} bought={bought.data.data} /> : null}
      {layout === 'shop' ? <Shop v={v} /> : null}
      {layout === 'other' ? <Generic v={v} /> : null}
      {v.voided ? (
        <Text size="sm" c="red.8">
          Voided: {v.voided.reason}
        </Text>
      ) : null}
      <Divider />
      <Group justify="space-between" wrap="wrap">
        <Text size="sm">
          Paid {formatINR(v.details.payment.amount)}
          {v.details.paymentLeft > 0 ? ` · ${formatINR(v.details.paymentLeft)} due` : ''}
        </Text>
      </Group>
      <LedgerRows rows={v.ledger} documents={ledgerDocuments(v.ledger, documents)} />
      <SaleActions v={v} />
    </Stack>
  );
}

/**
 * The visit detail dialog (spec 000 §2, Visit History search; §8 "Detail dialog"): opened with a visit id (and the
 * purpose the list shows, for the id check's message); its layout follows the visit's purpose.
 */
export function VisitDetailDialog({
  visitId,
  purpose,
  onClose,
}: {
  visitId: string | null;
  purpose?: string | null;
  onClose: () => void;
}) {
  const title = purpose ? `${purpose} details` : 'Visit details';
  return (
    <Modal opened={visitId !== null} onClose={onClose} title={title} centered size="lg">
      {visitId !== null ? <VisitDetailBody visitId={visitId} purpose={purpose} /> : null}
    </Modal>
  );
}
