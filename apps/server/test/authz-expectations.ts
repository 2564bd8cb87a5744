/**
 * Who may call each route, and a request that gets past validation, for the authorisation matrix
 * (./authz-matrix.test.ts). Every route of the OpenAPI document needs an entry here, keyed `METHOD path`
 * as the document spells it; the matrix fails for a route without one.
 *
 * Add a route with its policy, and a request builder when it takes params, a query or a body:
 *   'GET /api/v1/pet/getpetdetails/{id}': staffOnly(200, (fx) => ({ params: { id: fx.a.petId } })),
 * Build requests from customer A's records (`fx.a`): customer B then asks for A's records with the same
 * request, which must never answer A's data. A request that changes or uses up a record makes its own
 * (`await fx.item()`), since all six callers send it.
 */
import { addDays, DEFAULT_GST_RATES } from '@pawdesk/shared';
import type { Fixtures } from './authz-fixtures.ts';
import { jpeg } from './images.ts';
import { rawZip } from './zip.ts';

export const CALLERS = ['anonymous', 'customerA', 'customerB', 'staff', 'admin', 'disabledStaff'] as const;
export type Caller = (typeof CALLERS)[number];

/**
 * The exact status a caller gets. Every route has a request builder that makes a real, valid request where the caller
 * may act (no cell only checks that a caller gets past sign-in).
 */
export type Expected = number;

export interface Req {
  params?: Record<string, string>;
  query?: Record<string, string | number | boolean>;
  body?: unknown;
  /** Request headers (a photo upload's `content-type`, with its bytes as `body`). */
  headers?: Record<string, string>;
  /** Sent instead of the caller's shared token (anonymous and disabledStaff keep theirs): see `fx.ownSessionToken`. */
  token?: string;
}
export type ReqBuilder = (fx: Fixtures, caller: Caller) => Req | Promise<Req>;

export interface RouteRule {
  who: Record<Caller, Expected>;
  req?: ReqBuilder;
}

const rule = (who: Record<Caller, Expected>, req?: ReqBuilder): RouteRule => ({ who, req });

/** No token needed; a token (even a disabled account's) changes nothing. */
export const open = (ok: Expected = 200, req?: ReqBuilder) =>
  rule({ anonymous: ok, customerA: ok, customerB: ok, staff: ok, admin: ok, disabledStaff: ok }, req);
/** Any signed-in, enabled account. */
export const signedIn = (ok: Expected = 200, req?: ReqBuilder) =>
  rule({ anonymous: 401, customerA: ok, customerB: ok, staff: ok, admin: ok, disabledStaff: 401 }, req);
export const staffOnly = (ok: Expected = 200, req?: ReqBuilder) =>
  rule({ anonymous: 401, customerA: 403, customerB: 403, staff: ok, admin: ok, disabledStaff: 401 }, req);
export const adminOnly = (ok: Expected = 200, req?: ReqBuilder) =>
  rule({ anonymous: 401, customerA: 403, customerB: 403, staff: 403, admin: ok, disabledStaff: 401 }, req);
/** Customer routes answer the caller's own records whatever the request names (B gets B's, never A's). */
export const customerOnly = (ok: Expected = 200, req?: ReqBuilder) =>
  rule({ anonymous: 401, customerA: ok, customerB: ok, staff: 403, admin: 403, disabledStaff: 401 }, req);
/** A record of customer A: staff and A may read it, B is refused. */
export const ownerOrStaff = (ok: Expected = 200, req?: ReqBuilder, customerB: Expected = 403) =>
  rule({ anonymous: 401, customerA: ok, customerB, staff: ok, admin: ok, disabledStaff: 401 }, req);

/** A reservation's stay for an owner (a Hostel-like type id is not needed: the unknown owner is refused first). */
const stayOf = (ownerId: string) => ({
  ownerId,
  visitTypeId: UNKNOWN_ID,
  petIds: [UNKNOWN_ID],
  checkInDate: '2099-01-10',
  checkInTime: '10:00',
  checkOutDate: '2099-01-12',
  checkOutTime: '11:00',
});

/** One receipt of customer A per fixture set (a cash shop sale), shared by the documents routes. */
const receipts = new WeakMap<Fixtures, Promise<string>>();
const receiptOfA = (fx: Fixtures): Promise<string> => {
  let r = receipts.get(fx);
  if (!r) {
    r = fx.receipt();
    receipts.set(fx, r);
  }
  return r;
};
/** One Buy Subscription visit of A's, and one payment link (of another owner's sale), per fixture set (read only). */
const planSales = new WeakMap<Fixtures, Promise<string>>();
const planSaleOfA = (fx: Fixtures): Promise<string> => {
  let v = planSales.get(fx);
  if (!v) {
    v = fx.planSaleOfA();
    planSales.set(fx, v);
  }
  return v;
};
const links = new WeakMap<Fixtures, Promise<string>>();
const linkOnce = (fx: Fixtures): Promise<string> => {
  let l = links.get(fx);
  if (!l) {
    l = fx.paymentLink();
    links.set(fx, l);
  }
  return l;
};
const visitsOfA = new WeakMap<Fixtures, Promise<string>>();
/** One inquiry visit of customer A's pet, made once per matrix run (read only). */
const visitOfA = (fx: Fixtures): Promise<string> => {
  let v = visitsOfA.get(fx);
  if (!v) {
    v = fx.visit();
    visitsOfA.set(fx, v);
  }
  return v;
};
const petOfA = (fx: Fixtures) => ({ params: { id: fx.a.petId } });
/**
 * A record made for the callers who get past the role check (staff and admin); the others, refused before any lookup,
 * name an unknown id, so the matrix does not make (and process photos for) records nobody reads.
 */
const madeForStaff = async <T>(caller: Caller, make: () => Promise<T>, none: T): Promise<T> =>
  caller === 'staff' || caller === 'admin' ? make() : none;
const day = (fx: Fixtures) => ({ params: { date: fx.today } });
const V = '/api/v1';
const UNKNOWN_ID = '0123456789abcdef01234567';
const NO_RECORD = { id: UNKNOWN_ID, hash: 'a'.repeat(64) };
const NO_SALE = { visitId: UNKNOWN_ID, paymentId: UNKNOWN_ID };
/** A well-formed checkout result of nothing (for callers refused before any lookup). */
const NO_CHECKOUT = {
  razorpay_order_id: 'order_AAAAAAAAAAAAAA',
  razorpay_payment_id: 'pay_AAAAAAAAAAAAAA',
  razorpay_signature: 'f'.repeat(64),
};
const itemForm = (fx: Fixtures) => ({
  itemName: `Matrix ${fx.uniq()}`,
  stock: 10,
  stockUnit: 'tablet',
  itemType: 'medicine',
  unitCostPrice: 1,
  unitMinRetailPriceNGO: 2,
  unitMaxRetailPriceCustomer: 3,
});

export const EXPECTATIONS: Record<string, RouteRule> = {
  'GET /api/health': open(),

  // auth and accounts
  [`POST ${V}/auth/signup`]: open(201, (fx) => ({
    body: { fullName: 'Matrix Signup', email: `${fx.uniq()}@signup.in`, password: 'secret123' },
  })),
  // Each caller signs in as itself (customer B with B's account); anonymous and staff with customer A's.
  [`POST ${V}/auth/login`]: open(200, (fx, caller) => ({
    body: { email: caller === 'customerB' ? fx.b.email : fx.a.email, password: fx.password, role: 'customer' },
  })),
  [`GET ${V}/auth/me`]: signedIn(),
  [`POST ${V}/auth/logout`]: signedIn(200, async (fx, caller) => ({ token: await fx.ownSessionToken(caller) })),
  [`POST ${V}/auth/logout-all`]: signedIn(200, async (fx, caller) => ({ token: await fx.ownSessionToken(caller) })),
  [`GET ${V}/auth/sessions`]: signedIn(),
  // Customer A ends a session of A's own; everybody else names A's session and gets 404.
  [`DELETE ${V}/auth/sessions/{id}`]: rule(
    { anonymous: 401, customerA: 200, customerB: 404, staff: 404, admin: 404, disabledStaff: 401 },
    async (fx) => ({ params: { id: await fx.sessionOfA() } }),
  ),
  [`POST ${V}/auth/change-password`]: signedIn(200, async (fx, caller) => ({
    token: await fx.ownSessionToken(caller),
    body: { currentPassword: fx.password, newPassword: 'another-secret' },
  })),
  [`POST ${V}/auth/forgot-password`]: open(200, (fx) => ({ body: { email: `${fx.uniq()}@nowhere.in` } })),
  // Each caller resets a new account's password with the token its email carries (a token is good once).
  [`POST ${V}/auth/reset-password`]: open(200, async (fx) => ({ body: { token: await fx.resetToken(), password: 'secret123' } })),
  [`GET ${V}/admin/users`]: adminOnly(),
  [`POST ${V}/admin/users`]: adminOnly(201, (fx) => ({
    body: { fullName: 'Matrix Staff', email: `${fx.uniq()}@staff.in`, password: 'secret123' },
  })),
  [`PATCH ${V}/admin/users/{id}`]: adminOnly(200, async (fx) => ({
    params: { id: await fx.staffAccount() },
    body: { disabled: true },
  })),
  [`POST ${V}/admin/users/{id}/password`]: adminOnly(200, async (fx) => ({
    params: { id: await fx.staffAccount() },
    body: { password: 'another-secret' },
  })),
  [`POST ${V}/admin/users/{id}/logout`]: adminOnly(200, async (fx) => ({ params: { id: await fx.staffAccount() } })),

  // site
  [`GET ${V}/customerservices/getallservices`]: open(),
  [`GET ${V}/site/business`]: open(),
  [`POST ${V}/contact`]: open(201, (fx) => ({
    body: { name: 'Matrix Contact', email: `${fx.uniq()}@contact.in`, phone: fx.phone(), comment: 'Hello' },
  })),

  // pets (staff; a customer's addpet registers their own pets, whatever owner the body names)
  [`POST ${V}/pet/addpet`]: signedIn(201, (fx, caller) => ({
    body: {
      ownerName: 'Matrix Owner',
      phone: fx.phone(),
      email: `${fx.uniq()}@owner.in`,
      address: 'Sector 45, Gurugram',
      pets: [fx.petForm(caller.startsWith('customer') ? { segment: 'Day Care' } : {})],
    },
  })),
  [`GET ${V}/pet/getallpets`]: staffOnly(),
  [`GET ${V}/pet/getfilteredpetsbynameandphone`]: staffOnly(200, (fx) => ({ query: { name: fx.a.petName } })),
  [`GET ${V}/pet/getfilteredpetsbybreedandspecies`]: staffOnly(200, () => ({ query: { species: 'dog', breed: 'Beagle' } })),
  [`GET ${V}/pet/getpetdetails/{id}`]: staffOnly(200, petOfA),
  [`GET ${V}/pet/getpethistory/{id}`]: staffOnly(200, petOfA),
  [`GET ${V}/pet/getpetsbyregistrationdate/{date}`]: staffOnly(200, day),
  [`POST ${V}/pet/editpetdetails`]: staffOnly(200, (fx) => ({
    body: { id: fx.a.petId, ...fx.petForm({ name: fx.a.petName }) },
  })),
  [`POST ${V}/pet/editownerdetails`]: staffOnly(200, (fx) => ({
    body: { id: fx.a.ownerId, name: 'Customer A', phone: fx.a.phone, email: fx.a.email, address: 'Sector 45' },
  })),

  // pets (customers)
  [`GET ${V}/customer/pet/ownerinfo`]: customerOnly(),
  [`GET ${V}/customer/profile`]: customerOnly(),
  // Each customer saves their own profile (with their own phone): it never reaches another account.
  [`POST ${V}/customer/profile`]: customerOnly(200, (fx, caller) => ({
    body: {
      fullName: caller === 'customerB' ? 'Customer B' : 'Customer A',
      phone: caller === 'customerB' ? fx.b.phone : fx.a.phone,
      address: 'Sector 45, Gurugram',
    },
  })),
  [`POST ${V}/customer/pet/addpet`]: customerOnly(201, (fx, caller) => ({
    body: {
      ...fx.petForm(),
      segment: 'Day Care',
      phone: caller === 'customerB' ? fx.b.phone : fx.a.phone,
      address: 'Sector 45, Gurugram',
    },
  })),
  [`POST ${V}/customer/pet/getallpets`]: customerOnly(200, (fx) => ({ body: { email: fx.a.email } })),
  [`GET ${V}/customerappointment/getcustomerpets`]: customerOnly(200, (fx) => ({ query: { email: fx.a.email } })),
  [`GET ${V}/visit/getparticularpetvisit`]: ownerOrStaff(200, (fx) => ({ query: { petId: fx.a.petId } })),
  [`GET ${V}/subscription/petssubscription/{petId}`]: ownerOrStaff(200, (fx) => ({ params: { petId: fx.a.petId } })),

  // inventory
  [`POST ${V}/inventory/addinventory`]: staffOnly(201, (fx) => ({ body: itemForm(fx) })),
  [`GET ${V}/inventory/getallinventory`]: staffOnly(),
  [`GET ${V}/inventory/getalertlist`]: staffOnly(),
  [`POST ${V}/inventory/editinventory`]: staffOnly(200, async (fx) => ({
    body: { _id: await fx.item(), ...itemForm(fx) },
  })),
  [`DELETE ${V}/inventory/deleteinventory/{id}`]: staffOnly(200, async (fx) => ({ params: { id: await fx.item() } })),
  [`GET ${V}/inventory/getinventoryitemdetails/{id}`]: staffOnly(200, async (fx) => ({ params: { id: await fx.item() } })),
  [`GET ${V}/inventory/getstockmovements/{id}`]: staffOnly(200, async (fx) => ({ params: { id: await fx.item() } })),

  // prescriptions
  [`POST ${V}/prescription/addprescription`]: staffOnly(201, async (fx) => ({
    body: {
      petId: fx.a.petId,
      customerType: 'NGO',
      tablets: [{ id: await fx.item(), quantity: 1 }],
      totalPrice: 8,
      selectedPayment: 'cash',
    },
  })),
  [`GET ${V}/prescription/getprescription/{petId}`]: staffOnly(200, (fx) => ({ params: { petId: fx.a.petId } })),

  // attendance and reminders
  [`GET ${V}/attendance/getattendancelist/{date}`]: staffOnly(200, day),
  [`POST ${V}/attendance/updateattendancelist`]: staffOnly(200, (fx) => ({
    body: { date: fx.today, presentIds: [], absentIds: [] },
  })),
  [`GET ${V}/reminders/presets`]: staffOnly(),
  [`GET ${V}/reminders/getreminderslist/{date}`]: staffOnly(200, day),
  [`GET ${V}/reminders/sendreminders/{date}`]: staffOnly(200, day),
  [`POST ${V}/reminders/sendreminders/{date}`]: staffOnly(200, day),
  [`POST ${V}/reminders/sendoverduereminders`]: staffOnly(200, (fx) => ({ body: { date: fx.today } })),
  [`GET ${V}/reminders/sent`]: staffOnly(200, (fx) => ({ query: { date: fx.today } })),
  [`POST ${V}/reminders/sent/{id}/retry`]: staffOnly(200, async (fx) => ({ params: { id: await fx.failedMessage() } })),

  // visit types, prices and plans
  [`GET ${V}/visit/getallvisittypes`]: signedIn(),
  [`GET ${V}/visit/getallvisitprices`]: signedIn(),
  [`GET ${V}/visit/getboardingcategories`]: signedIn(),
  [`GET ${V}/subscription/getallsubscription`]: signedIn(),
  [`GET ${V}/admin/visit-types`]: adminOnly(),
  [`PATCH ${V}/admin/visit-types/{id}`]: adminOnly(200, (fx) => ({ params: { id: fx.visitTypeId }, body: { active: true } })),
  [`GET ${V}/admin/plans`]: adminOnly(),
  [`POST ${V}/admin/plans`]: adminOnly(201, (fx) => ({
    body: { visitType: fx.visitTypeId, name: `Matrix ${fx.uniq()}`, price: 1000, duration: 30 },
  })),
  [`PATCH ${V}/admin/plans/{id}`]: adminOnly(200, async (fx) => ({ params: { id: await fx.plan() }, body: { price: 1200 } })),
  [`POST ${V}/admin/plans/{id}/retire`]: adminOnly(200, async (fx) => ({ params: { id: await fx.plan() } })),
  [`POST ${V}/admin/plans/{id}/restore`]: adminOnly(200, async (fx) => ({ params: { id: await fx.plan() } })),
  [`GET ${V}/admin/audit`]: adminOnly(200, () => ({ query: { entity: 'plan' } })),

  // visits, boarding and subscriptions: real saves (staff 201). A save that boards a pet or sells it a plan is of a new
  // pet of A's, made for staff and admin only (the others are refused before the body is read).
  [`POST ${V}/visit/addinquiryvisit`]: staffOnly(201, (fx) => ({
    body: { petId: fx.a.petId, visitType: fx.inquiryTypeId, note: 'Asked about day care' },
  })),
  [`POST ${V}/visit/adddogparkvisit`]: staffOnly(201, async (fx, c) => ({
    body: {
      petId: await madeForStaff(c, fx.newPetOfA, UNKNOWN_ID),
      visitType: fx.types.dog_park!.id,
      admissionAcknowledged: true,
      details: { discount: 0, price: fx.types.dog_park!.pricePaise / 100, selectedPayment: 'cash' },
    },
  })),
  [`POST ${V}/visit/addveterinaryvisit`]: staffOnly(201, (fx) => ({
    body: {
      petId: fx.a.petId,
      visitType: fx.types.veterinary!.id,
      customerType: 'NGO',
      details: { discount: 0, finalPrice: 300, selectedPayment: 'cash' },
    },
  })),
  ...Object.fromEntries(
    (['hostel', 'day_care'] as const).map((code) => [
      `POST ${V}/visit/add${code.replace('_', '')}visit`,
      staffOnly(201, async (fx, c) => ({
        body: {
          petId: await madeForStaff(c, fx.newPetOfA, UNKNOWN_ID),
          visitType: fx.types[code]!.id,
          admissionAcknowledged: true,
          details: {
            numberOfDays: code === 'hostel' ? 2 : 1,
            discount: 0,
            finalPrice: (fx.types[code]!.pricePaise / 100) * (code === 'hostel' ? 2 : 1),
            paymentLeft: 0,
            selectedPaymentType: 'advance_payment',
            selectedPayment: 'cash',
          },
        },
      })),
    ]),
  ),
  // Day School and Play School take only a plan the pet holds: a new pet of A's with one.
  ...Object.fromEntries(
    (['day_school', 'play_school'] as const).map((code) => [
      `POST ${V}/visit/add${code.replace('_', '')}visit`,
      staffOnly(201, async (fx, c) => {
        const held = await madeForStaff(c, () => fx.schoolPetOfA(code), { petId: UNKNOWN_ID, planId: UNKNOWN_ID });
        return {
          body: {
            petId: held.petId,
            visitType: fx.types[code]!.id,
            admissionAcknowledged: true,
            isSubscriptionAvailed: true,
            planId: held.planId,
          },
        };
      }),
    ]),
  ),
  [`POST ${V}/visit/addgroomingvisit`]: staffOnly(201, (fx) => ({
    body: {
      petId: fx.a.petId,
      visitType: fx.types.grooming!.id,
      details: { discount: 0, finalPrice: fx.types.grooming!.pricePaise / 100, selectedPayment: 'cash' },
    },
  })),
  ...Object.fromEntries(
    ['shop', 'shopping'].map((kind) => [
      `POST ${V}/visit/add${kind}visit`,
      staffOnly(201, (fx) => ({
        body: {
          petId: fx.a.petId,
          visitType: fx.types.shop!.id,
          items: [{ name: 'Matrix leash', price: 250 }],
          details: { totalCalculatedPrice: 250, selectedPayment: 'cash' },
        },
      })),
    ]),
  ),
  // The existing client's sales-section save: nothing paid, the charge due.
  [`POST ${V}/visit/addvisit`]: staffOnly(201, (fx) => ({
    body: {
      petId: fx.a.petId,
      visitForm: {
        purpose: 'Veterinary',
        customerType: 'Customer',
        nextFollowUp: '',
        followUpTime: '',
        followUpPurpose: '',
        itemDetails: [],
      },
      totalPrice: 0,
    },
  })),
  [`GET ${V}/visit/getvisitdetails/{id}`]: staffOnly(200, async (fx) => ({ params: { id: await fx.visit() } })),
  // Visit History search (issue 17): filters in the query; A's pet's visits are staff data only.
  [`POST ${V}/visit/getvisitlist`]: staffOnly(200, (fx) => ({ query: { petId: fx.a.petId, name: '', purpose: '' } })),
  [`GET ${V}/visit/getvisitlist`]: staffOnly(200, (fx) => ({ query: { petId: fx.a.petId, limit: 5 } })),
  // A Buy Subscription visit of A's (read only, one per matrix run): staff get the plan it bought.
  [`GET ${V}/visit/buyy/{id}`]: staffOnly(200, async (fx) => ({ params: { id: await planSaleOfA(fx) } })),
  [`GET ${V}/test/clock`]: adminOnly(),
  [`POST ${V}/test/clock`]: adminOnly(200, () => ({ body: { advanceDays: 0 } })),
  [`GET ${V}/test/emails`]: adminOnly(200, (fx) => ({ query: { to: fx.a.email } })),
  [`POST ${V}/boarding/checkboarding`]: staffOnly(200, (fx) => ({ body: { _id: fx.a.petId } })),
  // admission rule and vaccinations due (issue 11)
  [`POST ${V}/boarding/admissioncheck`]: staffOnly(200, (fx) => ({ body: { _id: fx.a.petId } })),
  [`GET ${V}/settings/core-vaccines`]: staffOnly(),
  [`PUT ${V}/admin/core-vaccines`]: adminOnly(200, () => ({ body: { names: ['Rabies', 'DHPP'] } })),
  [`GET ${V}/reminders/vaccinations-due`]: staffOnly(200, () => ({ query: { days: 30 } })),
  [`POST ${V}/reminders/vaccinations-due/remind`]: staffOnly(200, (fx) => ({ body: { petIds: [fx.a.petId] } })),
  // deboarding: the boarded-pets list of a category (Hostel), unknown boardings (404)
  [`GET ${V}/pet/getboardedpetslist`]: staffOnly(200, (fx) => ({ query: { type: fx.types.hostel!.id } })),
  [`POST ${V}/boarding/getboardingdetails`]: staffOnly(404, () => ({ body: { _id: UNKNOWN_ID } })),
  [`GET ${V}/boarding/inhousecounts`]: staffOnly(),
  ...Object.fromEntries(
    [
      'boarding/hosteldeboarding',
      'boarding/daycaredeboarding',
      'boarding/dayschooldeboarding',
      'boarding/playschooldeboarding',
      'deboard/dogparkdeboarding',
    ].map((path) => [`POST ${V}/${path}`, staffOnly(404, () => ({ body: { boardingid: UNKNOWN_ID } }))]),
  ),
  [`POST ${V}/visit/updatehostelvisit`]: staffOnly(404, () => ({ body: { boardingid: UNKNOWN_ID } })),
  [`GET ${V}/boarding/occupancy`]: staffOnly(200, () => ({ query: { days: 3 } })),
  // A Day Care plan sold in cash to a new pet of A's (one pet holds one live plan of a purpose).
  [`POST ${V}/subscription/buysubscription`]: staffOnly(201, async (fx, c) => {
    const plan = fx.dayCarePlan;
    return {
      body: {
        petId: await madeForStaff(c, fx.newPetOfA, UNKNOWN_ID),
        visitType: fx.types.buy_subscription!.id,
        planId: plan.id,
        details: { selectedPayment: 'cash', price: plan.price },
        totalPrice: plan.price,
      },
    };
  }),
  [`GET ${V}/subscription/getsubscriptiondetails`]: staffOnly(200, (fx) => ({
    query: { petId: fx.a.petId, visitType: fx.visitTypeId },
  })),

  // payments: each request that pays or verifies something gets a sale of its own (fixtures), made for the callers
  // who get past sign-in; the others name an unknown order or payment (refused before any lookup).
  [`GET ${V}/payments/config`]: staffOnly(),
  // A pending card sale of A's: staff open its provider order.
  [`POST ${V}/payments/create-order`]: staffOnly(200, async (fx, c) => ({
    body: { notes: { visitId: (await madeForStaff(c, () => fx.pendingSaleOfA('card'), NO_SALE)).visitId } },
  })),
  // The checkout's signed result: staff verify a card order of a sale; a customer their own checkout order (A's wallet
  // top-up, paid by A); B sends A's result and is told nothing of it (404).
  [`POST ${V}/payments/verify-payment`]: rule(
    { anonymous: 401, customerA: 200, customerB: 404, staff: 200, admin: 200, disabledStaff: 401 },
    async (fx, c) => ({
      body:
        c === 'staff' || c === 'admin'
          ? (await fx.paidCardOrderOfA()).result
          : c === 'customerA' || c === 'customerB'
            ? await fx.paidCheckoutOfA()
            : NO_CHECKOUT,
    }),
  ),
  // A card payment captured at the checkout but never verified: staff record it from the provider.
  [`POST ${V}/payments/verify-pending-payment`]: staffOnly(200, async (fx, c) => {
    if (c !== 'staff' && c !== 'admin')
      return { body: { razorpay_payment_id: NO_CHECKOUT.razorpay_payment_id, visitId: UNKNOWN_ID } };
    const paid = await fx.paidCardOrderOfA();
    return { body: { razorpay_payment_id: paid.result.razorpay_payment_id, visitId: paid.visitId } };
  }),
  [`POST ${V}/payments/payment-link`]: staffOnly(200, async (fx, c) => ({
    body: { paymentId: (await madeForStaff(c, () => fx.pendingSaleOfA('payment_link'), NO_SALE)).paymentId },
  })),
  // The offline checkout's Pay: staff any order (a card order of A's sale); A their own checkout order; B is refused
  // A's (404: nothing said about it).
  [`POST ${V}/payments/offline/checkout/{orderId}/pay`]: rule(
    { anonymous: 401, customerA: 200, customerB: 404, staff: 200, admin: 200, disabledStaff: 401 },
    async (fx, c) => ({
      params: {
        orderId:
          c === 'staff' || c === 'admin'
            ? await fx.cardOrderOfA()
            : c === 'customerA' || c === 'customerB'
              ? await fx.checkoutOrderOfA()
              : NO_CHECKOUT.razorpay_order_id,
      },
      body: { outcome: 'success' },
    }),
  ),
  // Public: the payment-link page of a customer; its secret is the link id (a real link sent by staff: the page).
  [`GET ${V}/payments/offline/link/{linkId}`]: open(200, async (fx) => ({ params: { linkId: await linkOnce(fx) } })),
  // Outside production anyone holding the link presses Pay: each caller a link of its own, paid (the page, 200).
  [`POST ${V}/payments/offline/link/{linkId}/pay`]: open(200, async (fx) => ({
    params: { linkId: await fx.paymentLink() },
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: '',
  })),
  // Public: the provider calls it; its signature is its authentication. Each caller sends the order.paid event of a
  // card order of its own, signed with the webhook secret: processed (200). An unsigned body is a 400 (links.test.ts).
  [`POST ${V}/payments/webhook`]: open(200, async (fx) => {
    const { orderId, result } = await fx.paidCardOrderOfA();
    const body = JSON.stringify({
      entity: 'event',
      event: 'order.paid',
      payload: {
        payment: { entity: { id: result.razorpay_payment_id, order_id: orderId, amount: 45_000, status: 'captured' } },
        order: { entity: { id: orderId, amount: 45_000, status: 'paid' } },
      },
    });
    return { body, headers: { 'content-type': 'application/json', 'x-razorpay-signature': fx.signWebhook(body) } };
  }),
  // refunds (issue 15), admins only; an unknown sale or payment is a 404 (refunds.test.ts covers the rest)
  [`GET ${V}/payments/refund-quote`]: adminOnly(404, () => ({ query: { visitId: UNKNOWN_ID } })),
  [`POST ${V}/payments/cancel-sale`]: adminOnly(404, () => ({ body: { visitId: UNKNOWN_ID, reason: 'Matrix' } })),
  [`POST ${V}/payments/refund`]: adminOnly(404, () => ({ body: { paymentId: UNKNOWN_ID, amount: 1, reason: 'Matrix' } })),
  [`POST ${V}/payments/offline/refunds/{refundId}/process`]: staffOnly(404, () => ({
    params: { refundId: UNKNOWN_ID },
    body: {},
  })),
  [`POST ${V}/visit/voidvisit`]: adminOnly(404, () => ({ body: { visitId: UNKNOWN_ID, reason: 'Matrix' } })),
  // owner accounts and staff notifications (issue 15): an unknown sale is a 404 (statement.test.ts covers the rest)
  [`GET ${V}/payments/statement`]: staffOnly(200, (fx) => ({ query: { ownerId: fx.a.ownerId } })),
  [`POST ${V}/payments/allocate`]: staffOnly(404, (fx) => ({
    body: { ownerId: fx.a.ownerId, from: 'unapplied', visitId: UNKNOWN_ID, amount: 1 },
  })),
  // the day's takings and the cash drawer (issue 17): takings.test.ts and drawer.test.ts cover the rest
  [`GET ${V}/payments/takings`]: staffOnly(200, (fx) => ({ query: { date: fx.today } })),
  [`GET ${V}/payments/takings.csv`]: staffOnly(200, (fx) => ({ query: { date: fx.today } })),
  [`GET ${V}/payments/drawer`]: staffOnly(200),
  // One drawer for the business: staff and admin both call, so the second open (or close) finds it open (closed).
  [`POST ${V}/payments/drawer/open`]: rule(
    { anonymous: 401, customerA: 403, customerB: 403, staff: 201, admin: 409, disabledStaff: 401 },
    () => ({ body: { float: 100 } }),
  ),
  [`POST ${V}/payments/drawer/close`]: rule(
    { anonymous: 401, customerA: 403, customerB: 403, staff: 200, admin: 409, disabledStaff: 401 },
    () => ({ body: { counted: 100 } }),
  ),
  // Off, so the matrix's own cash requests are not refused (drawer-required.test.ts turns it on).
  [`GET ${V}/payments/gst-summary.csv`]: adminOnly(200, (fx) => ({ query: { from: fx.today, to: fx.today } })),
  [`GET ${V}/dashboard/today`]: staffOnly(200),
  [`PUT ${V}/settings/cash-drawer`]: adminOnly(200, () => ({ body: { required: false } })),
  // GST documents (issue 17): the matrix's app has no GSTIN, so a receipt of customer A (a cash sale) stands for a
  // document; documents.test.ts covers tax invoices, credit notes, the PDF and the email.
  [`GET ${V}/documents/{id}`]: ownerOrStaff(200, async (fx) => ({ params: { id: await receiptOfA(fx) } })),
  [`GET ${V}/documents/{id}/pdf`]: ownerOrStaff(200, async (fx) => ({ params: { id: await receiptOfA(fx) } })),
  [`GET ${V}/documents`]: staffOnly(200, (fx) => ({ query: { ownerId: fx.a.ownerId } })),
  [`GET ${V}/customer/documents`]: customerOnly(200, () => ({ query: { limit: 5 } })),
  // The customer area (issue 19): This Month is the caller's own; a visit's documents only for the visit's owner.
  [`GET ${V}/customer/summary`]: customerOnly(),
  // Exporting data (issue 21): everything for admins; a customer's own records (the zip is compressed, so B's answer is
  // checked for A's records in data-export.test.ts, which opens it).
  [`GET ${V}/admin/export`]: adminOnly(),
  [`GET ${V}/customer/export`]: customerOnly(),
  // A backup taken by the running server (issue 22): the embedded database's dump for admins; on PostgreSQL a 409
  // that points at pg_dump. (`npm run backup`'s local token is backup.test.ts's.)
  [`POST ${V}/admin/backup`]: adminOnly(process.env.DATABASE_URL ? 409 : 200),
  [`GET ${V}/customer/visits/{id}/documents`]: rule(
    { anonymous: 401, customerA: 200, customerB: 403, staff: 403, admin: 403, disabledStaff: 401 },
    async (fx) => ({ params: { id: await visitOfA(fx) } }),
  ),
  [`POST ${V}/documents/{id}/email`]: staffOnly(200, async (fx) => ({ params: { id: await receiptOfA(fx) }, body: {} })),
  // Run cards (issue 20): staff only; an unknown stay is a 404 (run-card.test.ts reads real stays, A4 and kennel).
  [`GET ${V}/care/stays/{boardingId}/runcard`]: staffOnly(404, () => ({ params: { boardingId: UNKNOWN_ID } })),
  [`GET ${V}/care/stays/{boardingId}/runcard.pdf`]: staffOnly(404, () => ({
    params: { boardingId: UNKNOWN_ID },
    query: { format: 'kennel' },
  })),
  [`GET ${V}/care/runcards`]: staffOnly(200),
  [`GET ${V}/care/runcards.pdf`]: staffOnly(200, () => ({ query: { format: 'a4' } })),
  // Photos (issue 20): staff and the owner they belong to; B is refused A's photo (a signed link: media.test.ts).
  [`GET ${V}/media/{hash}`]: ownerOrStaff(200, async (fx) => ({ params: { hash: await fx.photoOfA() } })),
  // A pet's photo: staff any pet, A their own; B is refused A's pet (403) and nothing changes.
  [`POST ${V}/pets/{id}/photo`]: ownerOrStaff(200, async (fx) => ({
    params: { id: fx.a.petId },
    body: await jpeg(32, 24),
    headers: { 'content-type': 'image/jpeg' },
  })),
  [`DELETE ${V}/pets/{id}/photo`]: ownerOrStaff(200, (fx) => ({ params: { id: fx.a.petId } })),
  // Report cards and incidents (issue 20): staff write them; an owner reads their own sent cards (B none of A's:
  // report-cards.test.ts). Each request that changes a card or incident makes its own (a new stay of A's).
  [`GET ${V}/report-cards/today`]: staffOnly(),
  [`GET ${V}/report-cards/stays/{id}`]: staffOnly(200, async (fx, c) => ({
    params: { id: await madeForStaff(c, fx.stayOfA, UNKNOWN_ID) },
  })),
  [`POST ${V}/report-cards`]: staffOnly(201, async (fx, c) => ({
    body: { boardingId: await madeForStaff(c, fx.stayOfA, UNKNOWN_ID), mood: 3, activity: 3, note: 'Matrix card' },
  })),
  [`PUT ${V}/report-cards/{id}`]: staffOnly(200, async (fx, c) => ({
    params: { id: (await madeForStaff(c, () => fx.reportCardOfA(), NO_RECORD)).id },
    body: { mood: 5, activity: 2, note: null },
  })),
  [`POST ${V}/report-cards/{id}/photos`]: staffOnly(201, async (fx, c) => ({
    params: { id: (await madeForStaff(c, () => fx.reportCardOfA(), NO_RECORD)).id },
    body: await jpeg(),
    headers: { 'content-type': 'image/jpeg' },
  })),
  [`DELETE ${V}/report-cards/{id}/photos/{hash}`]: staffOnly(200, async (fx, c) => {
    const card = await madeForStaff(c, () => fx.reportCardOfA(true), NO_RECORD);
    return { params: { id: card.id, hash: card.hash! } };
  }),
  [`POST ${V}/report-cards/{id}/send`]: staffOnly(200, async (fx, c) => ({
    params: { id: (await madeForStaff(c, () => fx.reportCardOfA(), NO_RECORD)).id },
  })),
  [`GET ${V}/customer/report-cards`]: customerOnly(200, (fx) => ({ query: { petId: fx.a.petId, limit: 5 } })),
  [`POST ${V}/incidents`]: staffOnly(201, async (fx, c) => ({
    body: {
      boardingId: await madeForStaff(c, fx.stayOfA, UNKNOWN_ID),
      kind: 'illness',
      whatHappened: 'Matrix: vomited once',
      actionTaken: 'Watched',
    },
  })),
  [`POST ${V}/incidents/{id}/photos`]: staffOnly(201, async (fx, c) => ({
    params: { id: (await madeForStaff(c, () => fx.incidentOfA(), NO_RECORD)).id },
    body: await jpeg(),
    headers: { 'content-type': 'image/jpeg' },
  })),
  [`DELETE ${V}/incidents/{id}/photos/{hash}`]: staffOnly(200, async (fx, c) => {
    const inc = await madeForStaff(c, () => fx.incidentOfA(true), NO_RECORD);
    return { params: { id: inc.id, hash: inc.hash! } };
  }),
  [`POST ${V}/incidents/{id}/tell-owner`]: staffOnly(200, async (fx, c) => ({
    params: { id: (await madeForStaff(c, () => fx.incidentOfA(), NO_RECORD)).id },
  })),
  [`GET ${V}/pets/{id}/incidents`]: staffOnly(200, petOfA),
  [`GET ${V}/staff/notifications`]: staffOnly(200, () => ({ query: { unread: 'true', limit: 5 } })),
  [`POST ${V}/staff/notifications/read`]: staffOnly(200, () => ({ body: { ids: [UNKNOWN_ID] } })),
  // The live stream: the matrix's inject cannot hold a stream open, so it asks without Accept: text/event-stream and
  // staff get 406 (after the auth check); staff-notifications/live.test.ts opens real streams (200) over HTTP.
  [`GET ${V}/staff/notifications/stream`]: staffOnly(406),
  // Care (issue 20): staff routes; an owner reads their own pet's instructions only; the slots are admins' to change.
  // Unknown stays and tasks are a 404 (care.test.ts covers the rest).
  [`GET ${V}/care/slots`]: staffOnly(200),
  [`PUT ${V}/care/slots`]: adminOnly(200, () => ({
    body: {
      slots: [
        { _id: '0000000000000000000ca701', name: 'Morning', start: '07:00', end: '11:00' },
        { _id: '0000000000000000000ca702', name: 'Noon', start: '11:00', end: '15:00' },
        { _id: '0000000000000000000ca703', name: 'Evening', start: '15:00', end: '20:00' },
      ],
    },
  })),
  [`GET ${V}/care/pets/{petId}`]: ownerOrStaff(200, (fx) => ({ params: { petId: fx.a.petId } })),
  [`PUT ${V}/care/pets/{petId}`]: staffOnly(200, (fx) => ({
    params: { petId: fx.a.petId },
    body: { items: [], warnings: [{ kind: 'allergy', text: 'Matrix' }], emergencyContact: null },
  })),
  [`GET ${V}/care/stays/{boardingId}/plan`]: staffOnly(404, () => ({ params: { boardingId: UNKNOWN_ID } })),
  [`PUT ${V}/care/stays/{boardingId}/plan`]: staffOnly(404, () => ({ params: { boardingId: UNKNOWN_ID }, body: { items: [] } })),
  [`POST ${V}/care/stays/{boardingId}/plan/save-to-pet`]: staffOnly(404, () => ({ params: { boardingId: UNKNOWN_ID } })),
  [`GET ${V}/care/stays/{boardingId}/log`]: staffOnly(404, () => ({ params: { boardingId: UNKNOWN_ID } })),
  [`GET ${V}/care/board`]: staffOnly(200, () => ({ query: { todo: 'true' } })),
  [`POST ${V}/care/tasks`]: staffOnly(404, () => ({
    body: { boardingId: UNKNOWN_ID, itemId: UNKNOWN_ID, slotKey: '0000000000000000000ca701', feedback: 'given' },
  })),
  [`DELETE ${V}/care/tasks/{id}`]: staffOnly(404, () => ({ params: { id: UNKNOWN_ID } })),
  // The owners' inbox (issue 19): the caller's own entries; B naming A's ids marks nothing (owner-inbox.test.ts).
  [`GET ${V}/customer/notifications`]: customerOnly(200, () => ({ query: { unread: 'true', limit: 5 } })),
  [`POST ${V}/customer/notifications/read`]: customerOnly(200, () => ({ body: { ids: [UNKNOWN_ID] } })),
  // boarding packages (issue 16): offers, an owner's packages (unknown ones are a 404; packages tests cover the rest)
  [`GET ${V}/packages`]: staffOnly(200, () => ({ query: { active: '1' } })),
  [`GET ${V}/customer/packages`]: customerOnly(),
  // A Hostel package offer (Hostel or Day Care only).
  [`POST ${V}/admin/packages`]: adminOnly(201, (fx) => ({
    body: { name: `Matrix ${fx.uniq()}`, boardingType: fx.types.hostel!.id, days: 15, price: 11500 },
  })),
  [`PUT ${V}/admin/packages/{id}`]: adminOnly(404, () => ({ params: { id: UNKNOWN_ID }, body: { price: 12000 } })),
  [`POST ${V}/admin/packages/{id}/retire`]: adminOnly(404, () => ({ params: { id: UNKNOWN_ID } })),
  [`POST ${V}/admin/packages/{id}/restore`]: adminOnly(404, () => ({ params: { id: UNKNOWN_ID } })),
  [`POST ${V}/packages/activate`]: staffOnly(404, (fx) => ({
    body: { ownerId: fx.a.ownerId, packageId: UNKNOWN_ID, petIds: [fx.a.petId] },
  })),
  [`POST ${V}/customer/packages/activate`]: customerOnly(404, (fx) => ({
    body: { packageId: UNKNOWN_ID, petIds: [fx.a.petId] },
  })),
  [`POST ${V}/packages/{id}/checkin`]: staffOnly(404, () => ({ params: { id: UNKNOWN_ID }, body: {} })),
  [`POST ${V}/packages/{id}/pets`]: staffOnly(404, (fx) => ({ params: { id: UNKNOWN_ID }, body: { remove: [fx.a.petId] } })),
  [`POST ${V}/packages/{id}/end`]: staffOnly(404, () => ({ params: { id: UNKNOWN_ID } })),
  [`POST ${V}/customer/packages/{id}/end`]: customerOnly(404, () => ({ params: { id: UNKNOWN_ID } })),
  [`GET ${V}/packages/owner/{ownerId}`]: staffOnly(200, (fx) => ({ params: { ownerId: fx.a.ownerId } })),
  [`GET ${V}/customer/packages/mine`]: customerOnly(),
  // wallet and customers paying online (issue 16): unknown owners are a 404 (wallet tests cover the rest)
  [`GET ${V}/wallet/owner/{ownerId}`]: staffOnly(200, (fx) => ({ params: { ownerId: fx.a.ownerId } })),
  [`GET ${V}/customer/wallet`]: customerOnly(),
  [`POST ${V}/wallet/topup`]: staffOnly(404, () => ({ body: { ownerId: UNKNOWN_ID, amount: 1, selectedPayment: 'cash' } })),
  // Each customer's own top-up order (both have an owner record; one without is told to add a pet first: 400).
  [`POST ${V}/customer/wallet/create-order`]: customerOnly(200, () => ({ body: { amount: 1 } })),
  [`POST ${V}/wallet/refund`]: adminOnly(404, () => ({ body: { ownerId: UNKNOWN_ID, reason: 'Matrix' } })),
  [`GET ${V}/settings/wallet`]: staffOnly(),
  [`PUT ${V}/settings/wallet`]: adminOnly(200, () => ({ body: { maxTopUp: 100000 } })),
  [`GET ${V}/settings/stays`]: staffOnly(),
  [`PUT ${V}/settings/stays`]: adminOnly(200, () => ({ body: { halfDayMaxHours: 5 } })),
  [`GET ${V}/settings/gst`]: staffOnly(),
  // The default list as it is: no change, nothing in use removed.
  [`PUT ${V}/settings/gst`]: adminOnly(200, () => ({ body: { rates: DEFAULT_GST_RATES.map((r) => ({ ...r })) } })),
  // reservations (issue 18): staff only (customers 403); the waiver is for admins. An unknown owner or reservation
  // is a 404 (reservations.test.ts covers the rest).
  [`POST ${V}/reservations/quote`]: staffOnly(404, () => ({ body: stayOf(UNKNOWN_ID) })),
  [`POST ${V}/reservations`]: staffOnly(404, () => ({ body: stayOf(UNKNOWN_ID) })),
  [`GET ${V}/reservations`]: staffOnly(200, () => ({ query: { from: '2026-11-01', to: '2026-11-30' } })),
  [`GET ${V}/reservations/day`]: staffOnly(200, () => ({ query: { date: '2026-11-25' } })),
  [`GET ${V}/reservations/{id}`]: staffOnly(404, () => ({ params: { id: UNKNOWN_ID } })),
  [`POST ${V}/reservations/{id}/confirm`]: staffOnly(404, () => ({ params: { id: UNKNOWN_ID }, body: {} })),
  [`POST ${V}/reservations/{id}/deposit`]: staffOnly(404, () => ({
    params: { id: UNKNOWN_ID },
    body: { amount: 100, selectedPayment: 'cash' },
  })),
  [`GET ${V}/reservations/{id}/cancel-quote`]: staffOnly(404, () => ({ params: { id: UNKNOWN_ID } })),
  [`POST ${V}/reservations/{id}/cancel`]: staffOnly(404, () => ({ params: { id: UNKNOWN_ID }, body: { reason: 'Matrix' } })),
  [`POST ${V}/reservations/{id}/no-show`]: staffOnly(404, () => ({ params: { id: UNKNOWN_ID }, body: {} })),
  [`POST ${V}/reservations/{id}/waive`]: adminOnly(404, () => ({ params: { id: UNKNOWN_ID }, body: { reason: 'Matrix' } })),
  [`POST ${V}/reservations/{id}/check-in`]: staffOnly(404, () => ({ params: { id: UNKNOWN_ID }, body: {} })),
  // online appointments (issue 19): customer routes reach only the caller's own (another's id is the caller's own
  // list, or 404); staff list a day and change a status; admins change the settings (appointments.test.ts: the rest).
  [`GET ${V}/customerappointment/services`]: customerOnly(),
  [`GET ${V}/customerappointment/slots`]: customerOnly(200, (fx) => ({
    query: { serviceId: fx.types.veterinary!.id, date: addDays(fx.today, 7) },
  })),
  // A books a Veterinary appointment for A's pet a week ahead (201); B naming A's pet is told to pick a valid pet
  // (400 on petId, as for a pet that does not exist: nothing said about A's).
  [`POST ${V}/customerappointment/createappoint`]: rule(
    { anonymous: 401, customerA: 201, customerB: 400, staff: 403, admin: 403, disabledStaff: 401 },
    (fx) => ({
      body: {
        serviceId: fx.types.veterinary!.id,
        appointmentDate: addDays(fx.today, 7),
        appointmentTime: '11:00',
        petId: fx.a.petId,
      },
    }),
  ),
  [`GET ${V}/customerappointment/getcustomerappoint/{customerId}`]: customerOnly(200, (fx) => ({
    params: { customerId: fx.a.user.id },
  })),
  [`GET ${V}/customerappointment/cancelquote/{id}`]: customerOnly(404, () => ({ params: { id: UNKNOWN_ID } })),
  [`DELETE ${V}/customerappointment/cancelappoint/{id}`]: customerOnly(404, () => ({ params: { id: UNKNOWN_ID } })),
  [`POST ${V}/customerappointment/payonline/{id}`]: customerOnly(404, () => ({ params: { id: UNKNOWN_ID } })),
  [`GET ${V}/appointment/onlineappointments`]: staffOnly(200, () => ({ query: { date: '2026-11-23T00:00:00.000Z' } })),
  [`PATCH ${V}/appointment/onlineappointments/{id}/status`]: staffOnly(404, () => ({
    params: { id: UNKNOWN_ID },
    body: { status: 'confirmed' },
  })),
  [`GET ${V}/settings/appointments`]: staffOnly(),
  [`PUT ${V}/settings/appointments`]: adminOnly(200, () => ({ body: { ownerCancelWindowHours: 24 } })),
  // do not serve (issue 20): admins list, decide and lift; staff flag (an admin's flag is active, a staff one a
  // request: an unknown pet is a 404 for both), read a subject's flags and the badges; customers see and ask about
  // their own flags only (another's or an unknown flag: 404; do-not-serve.test.ts covers the rest).
  [`GET ${V}/donotserve`]: adminOnly(200, () => ({ query: { status: 'requested' } })),
  [`POST ${V}/donotserve`]: staffOnly(404, () => ({ body: { petId: UNKNOWN_ID, reason: 'Matrix' } })),
  [`GET ${V}/donotserve/subject`]: staffOnly(200, (fx) => ({ query: { petId: fx.a.petId } })),
  [`GET ${V}/donotserve/marks`]: staffOnly(),
  [`POST ${V}/donotserve/{id}/approve`]: adminOnly(404, () => ({ params: { id: UNKNOWN_ID }, body: {} })),
  [`POST ${V}/donotserve/{id}/reject`]: adminOnly(404, () => ({ params: { id: UNKNOWN_ID }, body: { note: 'Matrix' } })),
  [`POST ${V}/donotserve/{id}/lift`]: adminOnly(404, () => ({ params: { id: UNKNOWN_ID }, body: { note: 'Matrix' } })),
  [`GET ${V}/donotserve/reviews`]: adminOnly(200, () => ({ query: { limit: 5 } })),
  [`POST ${V}/donotserve/reviews/{id}/approve`]: adminOnly(404, () => ({ params: { id: UNKNOWN_ID }, body: {} })),
  [`POST ${V}/donotserve/reviews/{id}/reject`]: adminOnly(404, () => ({
    params: { id: UNKNOWN_ID },
    body: { note: 'Matrix' },
  })),
  [`GET ${V}/customer/donotserve`]: customerOnly(),
  [`POST ${V}/customer/donotserve/{id}/review`]: customerOnly(404, () => ({
    params: { id: UNKNOWN_ID },
    body: { reason: 'Matrix' },
  })),
  // Public: the browser lands here from the checkout; an unknown order redirects with ?failed=1.
  [`GET ${V}/customer/payment/success`]: open(303, () => ({ query: { order_id: 'order_ABCDEFGHIJKLMN' } })),
  // subscriptions (issue 16): a customer gets their own pets' whatever email is named; staff the owner with it
  [`GET ${V}/subscription/customer-subscriptions`]: signedIn(200, (fx) => ({ query: { email: fx.a.email } })),
  [`GET ${V}/subscription/expiring`]: staffOnly(),
  // A buys a Day Care plan online for A's pet (the checkout order, 200); B is refused A's pet (403).
  [`POST ${V}/customer/payment/create-order`]: rule(
    { anonymous: 401, customerA: 200, customerB: 403, staff: 403, admin: 403, disabledStaff: 401 },
    (fx) => ({ body: { petId: fx.a.petId, planId: fx.dayCarePlan.id, email: fx.a.email } }),
  ),
  // The import screen (issue 21), admins only. The upload is a real (tiny) export; a run of an unknown upload is a 404
  // (import.routes.test.ts starts real runs); the live stream is asked for without Accept: text/event-stream (406).
  [`POST ${V}/admin/import/uploads`]: adminOnly(201, () => ({
    headers: { 'content-type': 'application/zip' },
    body: rawZip([{ name: 'users.json', data: '{"_id":{"$oid":"660001000000000000000000"},"email":"a@b.in"}\n' }]),
  })),
  [`POST ${V}/admin/import/runs`]: adminOnly(404, () => ({ body: { uploadId: UNKNOWN_ID, mode: 'dry-run' } })),
  [`GET ${V}/admin/import/runs`]: adminOnly(),
  [`GET ${V}/admin/import/runs/{id}`]: adminOnly(404, () => ({ params: { id: UNKNOWN_ID } })),
  [`GET ${V}/admin/import/runs/{id}/problems`]: adminOnly(404, () => ({
    params: { id: UNKNOWN_ID },
    query: { collection: 'pets' },
  })),
  [`GET ${V}/admin/import/runs/{id}/report.md`]: adminOnly(404, () => ({ params: { id: UNKNOWN_ID } })),
  [`GET ${V}/admin/import/events`]: adminOnly(406),
};
