import { Alert, Anchor, Badge, Button, Divider, Group, Modal, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import {
  ageInYears,
  type BoughtSubscriptionResponse,
  type DocumentSummary,
  formatDate,
  formatDateTime,
  formatINR,
  ledgerMethodLabel,
  todayIn,
  VET_CUSTOMER_TYPE_LABEL,
  type VetCustomerType,
  type VisitDetails,
  type VisitLedgerRow,
} from '@pawdesk/shared';
import { IconAlertTriangle, IconBan, IconReceiptRefund } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { ApiError, serverMessage } from '../../lib/api-client';
import { visitDocumentsQuery } from '../../lib/endpoints/documents';
import { boughtSubscriptionKey, fetchBoughtSubscription, fetchVisitDetails, visitDetailsKey } from '../../lib/endpoints/visits';
import { RequireAdmin } from '../AdminOnly';
import { Money } from '../Money';
import { CancelRefundDialog, type VisitRef } from '../refunds/CancelRefundDialog';
import { type VoidTarget, VoidVisitDialog } from '../refunds/VoidVisitDialog';
import { LoadingState } from '../states';
import { documentsOfLedger, type LedgerDocuments } from './ledger-documents';

/** The dialog's texts (spec 000 §8 "Detail dialog"). */
export const VISIT_DIALOG_TEXT = {
  invalidVet: 'Invalid veterinary visit data',
  invalidSubscription: 'Invalid subscription data',
  auth: 'Authentication failed',
  failedVet: 'Failed to load veterinary visit details',
  failedSubscription: 'Failed to load subscription details',
  failedOther: 'Failed to load visit details',
  errorTitle: 'Error loading details',
  hint: 'Please try closing and reopening this dialog.',
  unknownDate: 'Unknown Date',
} as const;

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

/** A date the dialog shows, or 'Unknown Date' when it cannot be read. */
export function dialogDate(value: string | null | undefined, withTime = false): string {
  if (!value) return VISIT_DIALOG_TEXT.unknownDate;
  const shown = withTime ? formatDateTime(value) : formatDate(value);
  return shown || VISIT_DIALOG_TEXT.unknownDate;
}

function failureText(err: unknown, layout: DialogLayout): string {
  if (err instanceof ApiError && err.status === 401) return VISIT_DIALOG_TEXT.auth;
  if (layout === 'veterinary') return VISIT_DIALOG_TEXT.failedVet;
  if (layout === 'subscription') return VISIT_DIALOG_TEXT.failedSubscription;
  return err instanceof ApiError && err.status !== 0 && err.message ? err.message : VISIT_DIALOG_TEXT.failedOther;
}

function Facts({ items }: { items: [string, ReactNode][] }) {
  return (
    <SimpleGrid cols={2} spacing="xs" verticalSpacing={6}>
      {items.map(([label, value]) => (
        <div key={label}>
          <Text size="xs" c="dimmed">
            {label}
          </Text>
          <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
            {value}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={6} component="section" aria-label={title}>
      <Text fw={600} size="sm">
        {title}
      </Text>
      {children}
    </Stack>
  );
}

/** A small table that scrolls sideways on a phone rather than squeezing its columns. */
function Lines({ head, rows, empty }: { head: string[]; rows: ReactNode[][]; empty: string }) {
  if (rows.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {empty}
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={420}>
      <Table striped withTableBorder fz="sm" verticalSpacing={4}>
        <Table.Thead>
          <Table.Tr>
            {head.map((h) => (
              <Table.Th key={h}>{h}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: read-only lines that never reorder; a name may repeat
            <Table.Tr key={i}>
              {r.map((c, j) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: fixed columns
                <Table.Td key={j}>{c}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

const dash = (v: string | number | null | undefined) => (v === null || v === undefined || v === '' ? '—' : String(v));

function customerTypeLabel(t: string | undefined): string {
  if (!t) return '—';
  return Object.hasOwn(VET_CUSTOMER_TYPE_LABEL, t) ? VET_CUSTOMER_TYPE_LABEL[t as VetCustomerType] : t;
}

function petFacts(v: VisitDetails): [string, ReactNode][] {
  return [
    ['Pet', v.pet.name],
    ['Species / breed', [v.pet.species, v.pet.breed].filter(Boolean).join(' · ') || '—'],
    ['Owner', v.pet.owner.name],
    ['Contact', v.pet.owner.phone],
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
  const age = ageInYears(v.pet.dob, todayIn());
  const d = v.details;
  return (
    <>
      <Facts
        items={[
          ...petFacts(v),
          ['Age', age === null ? 'Unknown' : `${age} ${age === 1 ? 'year' : 'years'}`],
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

const KIND_LABEL: Record<string, string> = {
  charge: 'Charge',
  payment: 'Payment',
  credit: 'Credit',
  refund: 'Refund',
  allocation: 'Balance moved',
};
const STATUS_LABEL: Record<string, string> = { pending: 'Pending', completed: 'Completed', failed: 'Failed', void: 'Void' };
const STATUS_COLOR: Record<string, string> = { pending: 'yellow', completed: 'teal', failed: 'red', void: 'gray' };

/** Links to documents (tax invoice, bill of supply, credit note, receipt) on the staff's printable page. */
function DocumentLinks({ docs }: { docs: readonly DocumentSummary[] }) {
  return (
    <Group gap={4} wrap="wrap">
      {docs.map((d) => (
        <Anchor key={d._id} component={Link} to={`/staff/documents/${d._id}`} size="xs" fw={500}>
          {d.title} {d.number}
        </Anchor>
      ))}
    </Group>
  );
}

/** What the visit's documents are while they load: the matched documents, or why there are none to link. */
export type LedgerDocumentsState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | ({ status: 'ready' } & LedgerDocuments);

/**
 * The visit's ledger rows: charges, payments, credits, refunds (a list that wraps on a phone), each with a link to its
 * document (the charge's tax invoice / bill of supply, the credit's credit note, the payment's receipt); documents no
 * row claims follow the list.
 */
export function LedgerRows({ rows, documents }: { rows: readonly VisitLedgerRow[]; documents?: LedgerDocumentsState }) {
  const ready = documents?.status === 'ready' ? documents : null;
  return (
    <Section title="Ledger">
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          No ledger entries
        </Text>
      ) : (
        <Stack component="ul" gap={0} m={0} p={0} style={{ listStyle: 'none' }}>
          {rows.map((r) => {
            const moved = r.kind === 'payment' || r.kind === 'refund';
            const docs = ready?.byRow.get(r._id) ?? [];
            return (
              <Group
                component="li"
                key={r._id}
                justify="space-between"
                align="flex-start"
                wrap="nowrap"
                gap="sm"
                py={6}
                style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
              >
                <div style={{ minWidth: 0 }}>
                  <Text size="sm" fw={500}>
                    {KIND_LABEL[r.kind] ?? r.kind}
                    {moved ? ` · ${ledgerMethodLabel(r.method)}` : ''}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {dialogDate(r.at, true)}
                    {r.receiptNo ? ` · Receipt ${r.receiptNo}` : ''}
                  </Text>
                  {docs.length > 0 ? <DocumentLinks docs={docs} /> : null}
                </div>
                <Stack gap={2} align="flex-end" style={{ flexShrink: 0 }}>
                  <Text size="sm" fw={600}>
                    <Money value={r.amount} />
                  </Text>
                  <Badge size="xs" variant="light" color={STATUS_COLOR[r.status] ?? 'gray'}>
                    {STATUS_LABEL[r.status] ?? r.status}
                  </Badge>
                </Stack>
              </Group>
            );
          })}
        </Stack>
      )}
      {ready && ready.others.length > 0 ? (
        <Stack gap={2} aria-label="Other documents">
          <Text size="xs" c="dimmed">
            Documents
          </Text>
          <DocumentLinks docs={ready.others} />
        </Stack>
      ) : null}
      {documents?.status === 'error' ? (
        <Text size="xs" c="dimmed" role="status">
          Documents could not be loaded: {documents.message}
        </Text>
      ) : null}
    </Section>
  );
}

/** How the visit reads in the action dialogs: 'Grooming of 1 Nov 2026, 3:05 pm'. */
const visitRef = (v: VisitDetails): VisitRef => ({
  _id: v._id,
  label: `${v.visitType.purpose || v.purpose} of ${formatDateTime(v.createdAt)}`,
});

/**
 * The ledger issue's money actions on the visit, for admins (the server checks again): Cancel & refund while the sale
 * was not cancelled yet and costs something, and Void visit. Each opens its dialog over this one; when it is done the
 * visit, its ledger and its documents are fetched again (the dialogs invalidate visits, payments and documents).
 */
function SaleActions({ v }: { v: VisitDetails }) {
  const [cancelling, setCancelling] = useState<VisitRef | null>(null);
  const [voiding, setVoiding] = useState<VoidTarget | null>(null);
  if (v.voided) return null;
  const cancelled = (v.details.payment.credited ?? 0) > 0;
  return (
    <RequireAdmin fallback={null}>
      <Group gap="xs" justify="flex-end" wrap="wrap">
        {v.price > 0 && !cancelled ? (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconReceiptRefund size={14} />}
            onClick={() => setCancelling(visitRef(v))}
          >
            Cancel & refund
          </Button>
        ) : null}
        <Button
          size="xs"
          variant="subtle"
          color="red"
          leftSection={<IconBan size={14} />}
          onClick={() => setVoiding({ ...visitRef(v), paid: v.details.payment.amount })}
        >
          Void visit
        </Button>
      </Group>
      <CancelRefundDialog visit={cancelling} onClose={() => setCancelling(null)} />
      <VoidVisitDialog visit={voiding} onClose={() => setVoiding(null)} />
    </RequireAdmin>
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

function ledgerDocuments(
  rows: readonly VisitLedgerRow[],
  q: { data?: readonly DocumentSummary[]; error: unknown },
): LedgerDocumentsState {
  if (q.data) return { status: 'ready', ...documentsOfLedger(rows, q.data) };
  if (q.error) return { status: 'error', message: serverMessage(q.error, 'no answer from the server') };
  return { status: 'loading' };
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
