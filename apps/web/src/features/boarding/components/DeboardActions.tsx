import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import {
  type DeboardBody,
  type DeboardDetails,
  type DeboardQuote,
  type DeboardResponse,
  DEBOARD_MESSAGES as M,
  PAYMENT_MESSAGES,
  type VisitPayment,
  type VisitPaymentMethod,
} from '@pawdesk/shared';
import { formatDateTime } from '@pawdesk/shared/dates';
import { formatINR } from '@pawdesk/shared/money';
import { IconCash, IconDoorExit } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useCardCheckout } from '../../../components/CardCheckout';
import { confirm } from '../../../components/confirm';
import { type PaymentChoice, PaymentModal } from '../../../components/PaymentModal';
import { notify } from '../../../lib/notify';
import { useDeboard } from '../api/deboard';
import { useSettleStay } from '../api/settle-stay';
import {
  CHECKOUT_METHODS,
  CHECKOUT_PAY_LATER_HINT,
  CHECKOUT_PAY_LATER_LABEL,
  CHECKOUT_PAY_LATER_METHODS,
  checkoutStep,
} from './checkout-flow';
import { deboardErrorMessage } from './deboard-errors';
import { type PendingLink, PaymentLinkPanel } from './PaymentLinkPanel';

interface Props {
  details: DeboardDetails;
  quote: DeboardQuote;
  /** The pet left: close the overlay (with the deboarding's answer: its receipt, what stays owed). */
  onDone: (res: DeboardResponse) => void;
  /** Asks the server for the details again; resolves with the new quote. */
  onRefresh: () => Promise<DeboardQuote | undefined>;
  refreshing: boolean;
}

const linkNote = (p: VisitPayment | null) =>
  !p
    ? null
    : p.linkUrl
      ? p.linkEmailed === false
        ? 'The owner has no email address on file: share the link with them.'
        : 'The link has been emailed to the owner.'
      : `${p.linkError ?? 'The payment link could not be created.'} The amount stays due.`;

/**
 * What the staff member can do with the stay (spec 001 §4, issue 18): nothing due → Deboard (after a confirmation);
 * something due (the whole bill: the stay, extra days and the services on it) → Take payment, one action that settles
 * and deboards: Cash (deboarded in the same call) or Card (the extra days posted, the card checkout for the bill,
 * then deboarded once paid); a Payment link deboards only with 'Pay later' (the bill then stays owed on the owner's
 * statement), else it is sent and shown with Copy and 'Check payment', and Deboard is enabled once it is paid.
 */
export function DeboardActions({ details, quote, onDone, onRefresh, refreshing }: Props) {
  const code = details.boardingType.code;
  const pet = details.pet.name;
  const deboard = useDeboard();
  const settle = useSettleStay();
  const checkout = useCardCheckout();
  const [choosing, setChoosing] = useState(false);
  const [carding, setCarding] = useState(false);
  const [sent, setSent] = useState<VisitPayment | null>(null);
  const busy = deboard.isPending || settle.isPending || carding;
  const due = quote.due > 0;
  // Keyboard users land on the way forward: Take payment while something is due, Deboard once nothing is.
  const payButton = useRef<HTMLButtonElement>(null);
  const deboardButton = useRef<HTMLButtonElement>(null);
  /** Focus Take payment when it is there, else Deboard; `delay` lets a closing dialog hand its focus back first. */
  const focusNext = (delay = 0) => window.setTimeout(() => (payButton.current ?? deboardButton.current)?.focus(), delay);
  // biome-ignore lint/correctness/useExhaustiveDependencies: focus moves when what is due changes, not on each render
  useEffect(() => {
    focusNext();
  }, [due]);

  const links: PendingLink[] = quote.pendingPayments.flatMap((p) =>
    p.method === 'payment_link' && p.linkUrl ? [{ _id: p._id, amount: p.amount, linkUrl: p.linkUrl }] : [],
  );

  if (!details.isBoarded) {
    return (
      <Alert color="gray" variant="light" title="Not Boarded">
        {pet} left{details.exitTime ? ` on ${formatDateTime(details.exitTime)}` : ''}.
      </Alert>
    );
  }

  const runDeboard = async (extra: Omit<DeboardBody, 'boardingid'> = {}) => {
    try {
      const res = await deboard.mutateAsync({ code, body: { boardingid: details._id, ...extra } });
      setChoosing(false);
      if (extra.payLater) {
        const note = res.payment?.linkUrl ? null : (res.linkError ?? 'The payment link could not be created.');
        notify.success(note ? `${res.message}. ${note}` : res.message);
      } else notify.success(M.deboarded);
      onDone(res);
    } catch (err) {
      setChoosing(false);
      notify.error(deboardErrorMessage(err), err);
      await onRefresh();
      focusNext(350);
    }
  };

  const onDeboard = async () => {
    const ok = await confirm({
      title: 'Deboard pet',
      message: `Deboard ${pet} from ${details.boardingType.purpose}? Nothing is due for this stay.`,
      confirmLabel: 'Deboard',
    });
    if (ok) await runDeboard();
  };

  const onPay = async (choice: PaymentChoice<VisitPaymentMethod>) => {
    const step = checkoutStep(choice.method, choice.payLater === true, quote.due);
    if (!step) return;
    if (step.kind === 'cash') {
      await runDeboard({ payment: { method: 'cash', amount: step.amount } });
      return;
    }
    if (step.kind === 'link-pay-later') {
      await runDeboard({ payLater: true });
      return;
    }
    const method = step.kind === 'card' ? 'card' : 'payment_link';
    let res: Awaited<ReturnType<typeof settle.mutateAsync>>;
    try {
      res = await settle.mutateAsync({ boardingid: details._id, method });
    } catch (err) {
      setChoosing(false);
      notify.error(deboardErrorMessage(err), err);
      void onRefresh();
      return;
    }
    setChoosing(false);
    if (method === 'payment_link') {
      setSent(res.payment);
      if (!res.payment?.linkUrl) notify.error(linkNote(res.payment) ?? res.message);
      else notify.success(res.payment.linkEmailed === false ? PAYMENT_MESSAGES.linkNoEmail : PAYMENT_MESSAGES.linkSent);
      return;
    }
    const amount = res.deboard.due;
    let outcome: Awaited<ReturnType<typeof checkout.payByCard>> | 'nothing' = 'nothing';
    if (amount > 0) {
      setCarding(true);
      try {
        outcome = await checkout.payByCard({
          boardingId: details._id,
          amount,
          description: `${details.boardingType.purpose}: ${pet}`,
        });
      } finally {
        setCarding(false);
      }
    }
    // Paid: the same action deboards (nothing is due any more).
    const q = await onRefresh();
    if ((outcome === 'paid' || outcome === 'nothing') && q && q.due === 0) await runDeboard();
  };

  const onCheck = async () => {
    const q = await onRefresh();
    if (!q) return;
    if (q.due > 0) notify.info(`${formatINR(q.due)} is still due for ${pet}`);
    else notify.success(`Payment received: ${pet} can be deboarded`);
  };

  return (
    <Stack gap="sm">
      {due ? (
        <Alert color="orange" variant="light" title="Payment due" data-testid="deboard-due-alert">
          <Text size="sm">
            {M.due(formatINR(quote.due), pet)}. Cash or card settles it and deboards in one step; a payment link deboards only
            with ‘Pay later’.
          </Text>
        </Alert>
      ) : null}
      <PaymentLinkPanel
        links={links}
        note={sent && links.some((l) => l._id === sent._id) ? linkNote(sent) : null}
        onCheck={() => void onCheck()}
        checking={refreshing && !busy}
      />
      <Group justify="flex-end" gap="sm">
        {due ? (
          <Button
            ref={payButton}
            data-autofocus
            leftSection={<IconCash size={16} aria-hidden />}
            onClick={() => setChoosing(true)}
            loading={settle.isPending || carding}
            disabled={busy}
          >
            Take payment of {formatINR(quote.due)}
          </Button>
        ) : null}
        <Button
          ref={deboardButton}
          data-autofocus={due ? undefined : true}
          color="teal"
          variant={due ? 'default' : 'filled'}
          leftSection={<IconDoorExit size={16} aria-hidden />}
          onClick={() => void onDeboard()}
          disabled={due || busy || !quote.canDeboard}
          loading={deboard.isPending && !choosing}
        >
          Deboard
        </Button>
      </Group>
      <PaymentModal<VisitPaymentMethod>
        opened={choosing}
        onClose={() => setChoosing(false)}
        total={quote.due}
        onSubmit={(c) => void onPay(c)}
        submitting={deboard.isPending || settle.isPending}
        methods={CHECKOUT_METHODS}
        payLater
        payLaterText={{
          label: CHECKOUT_PAY_LATER_LABEL,
          description: CHECKOUT_PAY_LATER_HINT,
          methods: CHECKOUT_PAY_LATER_METHODS,
        }}
      />
      {checkout.element}
    </Stack>
  );
}
