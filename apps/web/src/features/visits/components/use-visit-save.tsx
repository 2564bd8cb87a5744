import {
  type DnsOverride,
  SALE_PAYMENT_METHODS,
  type SalePaymentMethod,
  VISIT_MESSAGES,
  VISIT_PAYMENT_METHODS,
  VISIT_SAVED_MESSAGES,
} from '@pawdesk/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import { type PaymentChoice, PaymentModal } from '../../../components/PaymentModal';
import { usePaymentFollowUp } from '../../../components/PaymentFollowUp';
import { useDnsOverride } from '../../../components/donotserve';
import { ApiError, errorMessage, serverAnswered } from '../../../lib/api-client';
import { petDetailsQuery } from '../../../lib/endpoints/pets';
import { notify } from '../../../lib/notify';
import { queryRoots } from '../../../lib/query-keys';
import { useBoardingCheck } from '../api/check-boarding';
import { type SaveBodies, type SaveCode, type SaveVisitInput, useSaveVisit } from '../api/save-visit';
import type { Admission } from './AdmissionWarning';
import { type AppointmentCredit, amountToCollect } from './appointment-credit';

/** Cash, payment link, card, or the owner's wallet (issue 16: taken only up to its balance). */
export type VisitChoice = PaymentChoice<SalePaymentMethod>;
/** A payment chosen with its method (Dog Park and Shop: their endpoints require one). */
export type MethodChoice = VisitChoice & { method: SalePaymentMethod };

interface SaveCommon<C extends SaveCode> {
  /** Which endpoint, and so which body `build` returns. */
  code: C;
  /** Rupees due for the visit (the payment modal's total); 0 saves without the modal unless `askMethod`. */
  total: number;
  /** Hostel and Day Care: ask the payment type first. */
  withPaymentType?: boolean;
  /** The spec's fallback when the server gave no message. */
  fallback: string;
  /** Boarding purposes: the admission rule's warning, acknowledged before the save (and shown on the server's 409). */
  admission?: Admission;
  /** A walk-in sale (issue 18): no owner's wallet to offer. */
  noWallet?: boolean;
}

/** A purpose paid only when something is due: the body from the payment chosen, or from null when nothing was due. */
interface PaidIfDue<C extends SaveCode> extends SaveCommon<C> {
  askMethod?: false;
  build: (choice: VisitChoice | null) => SaveBodies[C];
}

/** A purpose whose endpoint requires a payment method even at ₹0 (Dog Park, Shop): the payment options always open. */
interface MethodRequired<C extends SaveCode> extends SaveCommon<C> {
  askMethod: true;
  build: (choice: MethodChoice) => SaveBodies[C];
}

/**
 * Whether a purpose's schema requires a payment method (`details.selectedPayment`, even at ₹0: Dog Park, Shop):
 * its request must then say `askMethod: true`, and its body gets a chosen method.
 */
type RequiresMethod<C extends SaveCode> = SaveBodies[C] extends { details: { selectedPayment: SalePaymentMethod } }
  ? true
  : false;

/**
 * A sub-form's save: which endpoint, the total to collect, and how to build the endpoint's body (typed from its
 * shared schema) from the payment chosen.
 */
export type SaveRequest = { [C in SaveCode]: RequiresMethod<C> extends true ? MethodRequired<C> : PaidIfDue<C> }[SaveCode];

/** The save of a request for the payment chosen; null when its endpoint needs a method and none was chosen. */
function saveInput<C extends SaveCode>(
  req: PaidIfDue<C> | MethodRequired<C>,
  choice: VisitChoice | null,
): SaveVisitInput<C> | null {
  if (!req.askMethod) return { code: req.code, body: req.build(choice) };
  if (!choice?.method) return null;
  return { code: req.code, body: req.build({ ...choice, method: choice.method }) };
}

export interface VisitSaver {
  submit: (req: SaveRequest) => void;
  busy: boolean;
  /** The server's per-field messages of the last failed save. */
  fieldErrors: Record<string, string>;
  element: ReactNode;
  /** What is collected now of a visit of `total` rupees: less the money held for its appointment (issue 19). */
  toCollect: (total: number) => number;
}

/** True when the server refused an amount and named the one it expected (prices changed meanwhile). */
const isPriceMismatch = (err: unknown) => err instanceof ApiError && Object.keys(err.body).some((k) => k.startsWith('expected'));

/**
 * The save flow every sub-form shares (spec 001 §2, §4): the payment modal (payment type first for Hostel and
 * Day Care, then Payment Options with the confirmation checkbox), the save, then the card checkout or the
 * payment link, the spec's message and /staff/dashboard. A failed save keeps the form as typed.
 */
/** `petId` null: a walk-in Shop sale (no pet, so no owner's wallet to pay from). */
export function useVisitSave(petId: string | null, visitTypeId: string, credit: AppointmentCredit | null = null): VisitSaver {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const save = useSaveVisit();
  // The owner's wallet is offered among the payment methods (its balance shown, taken at most).
  const owner = useQuery({ ...petDetailsQuery(petId), retry: false }).data?.owner._id;
  const followUp = usePaymentFollowUp();
  // A boarded pet's services may go on the stay's bill, paid at check-out (issue 18).
  const boarded = Boolean(useBoardingCheck(petId ?? undefined).data);
  const methods = boarded ? SALE_PAYMENT_METHODS : SALE_PAYMENT_METHODS.filter((m) => m !== 'stay_bill');
  const [pending, setPending] = useState<SaveRequest | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  // A flagged owner or pet: the refusal's reason, and for an admin the override of this one visit.
  const dns = useDnsOverride('visit');

  const toCollect = (total: number) => (credit ? amountToCollect(total, credit.held).collect : total);

  const run = (req: SaveRequest, choice: VisitChoice | null, dnsOverride?: DnsOverride) => {
    const built = saveInput(req, choice);
    if (!built) {
      notify.error(VISIT_MESSAGES.paymentMethod);
      return;
    }
    // The appointment it fulfils: the server applies the money held for it and collects only the rest.
    const extra = { ...(credit ? { appointmentId: credit.appointmentId } : {}), ...(dnsOverride ? { dnsOverride } : {}) };
    const input = Object.keys(extra).length ? ({ ...built, body: { ...built.body, ...extra } } as typeof built) : built;
    setFieldErrors({});
    save.mutate(input, {
      onSuccess: async (res) => {
        setPending(null);
        await followUp.after(res, { visitId: res.visit._id }, VISIT_SAVED_MESSAGES.cardPaid);
        navigate('/staff/dashboard');
        void save.refresh();
      },
      onError: (err) => {
        setPending(null);
        if (dns.intercept(err, (override) => run(req, choice, override))) return;
        req.admission?.refused(err);
        if (isPriceMismatch(err)) void qc.invalidateQueries({ queryKey: queryRoots.visits });
        if (err instanceof ApiError) setFieldErrors(err.errors);
        if (serverAnswered(err)) notify.error(err.message);
        else if (err instanceof ApiError) notify.error(req.fallback);
        else notify.error(`An error occurred: ${errorMessage(err, req.fallback)}`);
      },
    });
  };

  const submit = (req: SaveRequest) => {
    if (petId === '' || !visitTypeId) {
      notify.error(VISIT_MESSAGES.missingInfo);
      return;
    }
    if (req.admission && !req.admission.guard()) return;
    const collect = toCollect(req.total);
    if (collect > 0) setPending({ ...req, total: collect });
    // Nothing left to collect after the appointment's money: saved at once (a method the endpoint requires is
    // cash, for ₹0: the server records no payment).
    else if (credit && req.askMethod) run(req, { paymentType: null, method: 'cash', amountNow: 0 });
    else if (req.askMethod) setPending(req);
    else run(req, null);
  };

  const onPay = (choice: VisitChoice) => {
    if (!pending || petId === '' || !visitTypeId) {
      notify.error(VISIT_MESSAGES.missingInfo);
      return;
    }
    if (!choice.method && choice.paymentType !== 'payment_after_service') {
      notify.error(VISIT_MESSAGES.paymentMethod);
      return;
    }
    run(pending, choice);
  };

  return {
    submit,
    busy: save.isPending,
    fieldErrors,
    toCollect,
    element: (
      <>
        <PaymentModal
          opened={pending !== null}
          onClose={() => setPending(null)}
          total={pending?.total ?? 0}
          onSubmit={onPay}
          submitting={save.isPending}
          withPaymentType={pending?.withPaymentType ?? false}
          methods={petId === null || pending?.noWallet ? VISIT_PAYMENT_METHODS : methods}
          walletOwnerId={owner}
        />
        {followUp.element}
        {dns.element}
      </>
    ),
  };
}
