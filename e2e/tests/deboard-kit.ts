import type { APIRequestContext, Page } from '@playwright/test';
import { addOwnerWithDog, expect, uniquePhone, uniqueTag as tag } from './fixtures';

/** Helpers of deboard.spec.ts: API set-up (pets, boardings, the test clock) and the Deboard screen's steps. */

export const inr = (n: number) => `₹${n.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

interface VisitType {
  _id: string;
  code: string;
  purpose: string;
  price: number;
}

export function api(request: APIRequestContext, token: string) {
  const headers = { authorization: token };
  const post = async (url: string, data: unknown, status = 201) => {
    const res = await request.post(`/api/v1${url}`, { headers, data });
    expect(res.status(), `${url}: ${await res.text()}`).toBe(status);
    return res.json();
  };
  return {
    post,
    /** A dog of a new owner, with the core vaccines on record (the admission rule lets it board). */
    async newPet(): Promise<{ petId: string; name: string }> {
      const t = tag();
      const name = `Db${t}`;
      const body = await addOwnerWithDog(request, { ownerName: `Owner ${t}`, phone: uniquePhone('9'), pet: { name } });
      return { petId: body.petIds[0]!, name };
    },
    /** A hostel stay of `days` days without a subscription: paid in advance by cash, or to be paid after service. */
    hostelStay(petId: string, hostel: VisitType, days: number, paid: 'advance_cash' | 'after_service') {
      const total = hostel.price * days;
      return post('/visit/addhostelvisit', {
        petId,
        visitType: hostel._id,
        details: {
          planId: null,
          isSubscriptionAvailed: false,
          numberOfDays: days,
          discount: 0,
          finalPrice: total,
          ...(paid === 'advance_cash'
            ? { paymentLeft: 0, selectedPaymentType: 'advance_payment', selectedPayment: 'cash' }
            : { paymentLeft: total, selectedPaymentType: 'payment_after_service' }),
          admissionAcknowledged: true,
        },
      });
    },
    async type(code: string): Promise<VisitType> {
      const res = await request.get('/api/v1/visit/getallvisittypes', { headers });
      return (await res.json()).visitTypes.find((v: VisitType) => v.code === code);
    },
    async plan(code: string, name: string) {
      const res = await request.get('/api/v1/subscription/getallsubscription', { headers });
      const plans = (await res.json()).subscriptionPlans as {
        _id: string;
        name: string;
        price: number;
        duration: number;
        subscriptionType: { code: string };
      }[];
      const plan = plans.find((p) => p.subscriptionType.code === code && p.name === name);
      expect(plan, `the plan ${name} is on offer`).toBeTruthy();
      return plan!;
    },
    async subscription(petId: string, visitType: string) {
      const res = await request.get('/api/v1/subscription/getsubscriptiondetails/', {
        headers,
        params: { petId, visitType },
      });
      return (await res.json()).subscription as { daysLeft: number; active?: boolean } | null;
    },
    async boarding(petId: string) {
      const res = await request.post('/api/v1/boarding/checkboarding', { headers, data: { _id: petId } });
      return (await res.json()).boardingDetails ?? null;
    },
    clock: (body: { advanceDays: number } | { at: null }) => post('/test/clock', body, 200),
    /** Deboards the pet's open boarding through the category's call (nothing due, or `cash` = what is due). */
    async deboardPet(petId: string, cash?: number) {
      const b = await this.boarding(petId);
      const path: Record<string, string> = {
        hostel: '/boarding/hosteldeboarding',
        day_care: '/boarding/daycaredeboarding',
        dog_park: '/deboard/dogparkdeboarding',
      };
      return post(
        path[b.boardingType.code]!,
        { boardingid: b._id, ...(cash ? { payment: { method: 'cash', amount: cash } } : {}) },
        200,
      );
    },
    /** A stay without a subscription, paid in advance by cash or left to pay after the service. */
    stay(petId: string, type: VisitType, days: number, paid: boolean) {
      const total = type.price * days;
      return post(type.code === 'hostel' ? '/visit/addhostelvisit' : '/visit/adddaycarevisit', {
        petId,
        visitType: type._id,
        details: {
          planId: null,
          isSubscriptionAvailed: false,
          numberOfDays: days,
          discount: 0,
          finalPrice: total,
          paymentLeft: paid ? 0 : total,
          selectedPaymentType: paid ? 'advance_payment' : 'payment_after_service',
          selectedPayment: paid ? 'cash' : null,
          admissionAcknowledged: true,
        },
      });
    },
  };
}

/** Deboard → the category → the pet's row. */
export async function openCategory(page: Page, purpose: string) {
  await page.getByRole('navigation', { name: 'Categories' }).getByRole('button', { name: purpose }).click();
  await expect(page).toHaveURL(/\/staff\/deboard\?type=[0-9a-f]{24}$/);
}

export const rowOf = (page: Page, name: string) => page.getByTestId('boarded-row').filter({ hasText: name });

export async function showDetails(page: Page, name: string) {
  await rowOf(page, name).getByRole('button', { name: 'Show Details' }).click();
  const dialog = page.getByRole('dialog', { name: new RegExp(name) });
  await expect(dialog.getByTestId('deboard-details')).toBeVisible();
  return dialog;
}

/** Payment Options: the method, the confirmation box (not for Card), Submit. */
export async function pay(page: Page, method: 'Cash Payment' | 'Payment Link' | 'Card', amount?: number) {
  const dialog = page.getByRole('dialog', { name: 'Payment Options' });
  await dialog.getByRole('button', { name: method }).click();
  if (method !== 'Card') {
    // The confirmation (a payment link also offers 'Pay later' below it, issue 18).
    const box = dialog.getByRole('checkbox').first();
    if (amount !== undefined) await expect(box).toHaveAccessibleName(new RegExp(`payment of ₹ ${inr(amount).slice(1)}`));
    await box.check();
  }
  await dialog.getByRole('button', { name: 'Submit' }).click();
}

/**
 * The page at its full height; with an overlay open, the viewport once its opening transition is over. In
 * test-results, or SHOTS_DIR (test-results is emptied by every Playwright run in this folder).
 */
export async function shot(page: Page, name: string, overlay = false) {
  if (overlay) await page.waitForTimeout(400);
  const dir = process.env.SHOTS_DIR ?? 'test-results';
  await page.screenshot({ path: `${dir}/deboard-${name}.png`, fullPage: !overlay });
}
