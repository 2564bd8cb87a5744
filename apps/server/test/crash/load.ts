/**
 * The crash test's write load, through the HTTP API as the desk's browser sends it: visits paid in cash or from the
 * wallet (with GST invoices), shop sales from stock, prescriptions from stock, sales cancelled with a cash refund
 * (refund receipts, credit notes), hostel stays boarded and deboarded, subscriptions bought, wallet top-ups, boarding
 * packages activated and charged daily (the test clock moved a day). Every money write carries an Idempotency-Key;
 * every request and its answer go into the journal, so the checks know what the server ACKNOWLEDGED (a 2xx) and a
 * request that got no answer (the server was killed) is sent again with the same key after the restart, as the
 * browser would.
 */
import { randomBytes } from 'node:crypto';
import { IDEMPOTENCY_MESSAGES } from '@pawdesk/shared';
import { type Answer, call, NoAnswer } from './api.ts';

export type OpKind =
  | 'grooming'
  | 'grooming_wallet'
  | 'shop'
  | 'prescription'
  | 'cancel'
  | 'board'
  | 'deboard'
  | 'subscription'
  | 'topup'
  | 'package';

/**
 * A write as the journal keeps it. `acked`: a 2xx answer; `refused`: a 4xx answer (nothing written); `unknown`: no
 * answer yet (sent when the server died; sent again after the restart); `processing`: 409 'still being processed'
 * (asked again a little later); `answer_lost`: 409 'done, but the server stopped before answering' with the ledger
 * rows it wrote (the kill came between its commit and its answer).
 */
export interface Op {
  n: number;
  kind: OpKind;
  key: string;
  path: string;
  body: Record<string, unknown>;
  owner: Owner;
  state: 'sent' | 'acked' | 'refused' | 'unknown' | 'processing' | 'answer_lost';
  status?: number;
  answer?: any;
  /** The acknowledged answer was a replay of an earlier attempt's (header idempotent-replayed). */
  replayed?: boolean;
  /** How many times it was sent. */
  tries: number;
  /** How long its last attempt took (ms). */
  ms?: number;
  /** The cycle it was first sent in. */
  cycle: number;
  /** What it sold from stock (item id → quantity). */
  stock?: Record<string, number>;
  /** Cancel: the visit it cancels; deboard: the boarding it closes. */
  target?: string;
}

/** A customer (owner record with one dog) the load writes for; one write at a time each. */
export interface Owner {
  id: string;
  petId: string;
  /** Reserved for boarding packages (never boarded or sold to otherwise: a package boards the pet). */
  forPackage: boolean;
  busy: boolean;
  /** The acknowledged stay in house: its boarding id. */
  boardingId?: string;
  /** On an acknowledged package (its pet stays boarded on it). */
  onPackage?: boolean;
  /** Wallet money acknowledged in minus what acknowledged sales took from it (paise), a lower bound. */
  walletPaise: number;
  /** Acknowledged cash grooming visits not cancelled yet (visit id, price in rupees). */
  cancellable: { visitId: string; price: number }[];
}

export interface World {
  base: string;
  token: string;
  types: Record<string, string>;
  groomingPrice: number;
  groomingPlan: { id: string; price: number };
  packageId: string;
  packageDayPaise: number;
  tablet: { id: string; price: number };
  collar: { id: string; price: number };
  owners: Owner[];
  /** Days the test clock is ahead of the real time (acknowledged moves). */
  dayOffset: number;
}

const PET = {
  species: 'dog',
  breed: 'Beagle',
  sex: 'Male',
  color: 'Brown',
  dob: '2021-05-04',
  neutered: false,
  registrationDate: '2026-01-10',
  vaccinations: [
    { name: 'Rabies', numberOfDose: 1 },
    { name: 'DHPP', numberOfDose: 1 },
  ],
};

async function ok(p: Promise<Answer>, what: string, statuses = [200, 201]): Promise<any> {
  const r = await p;
  if (!statuses.includes(r.status)) throw new Error(`${what}: ${r.status} ${r.text.slice(0, 500)}`);
  return r.json;
}

const runTag = randomBytes(3).toString('hex');

/**
 * The fixtures, through the API: capacities lifted (hostel), GST on grooming (18%, tax invoices), two stock items
 * (tablets for prescriptions, a taxed collar for the shop), `owners` owners with a dog each and `packageOwners` more
 * for packages (with wallet money).
 */
export async function prepareWorld(base: string, token: string, owners = 24, packageOwners = 6): Promise<World> {
  const T = { token };
  const types: Record<string, string> = {};
  const all = await ok(call(base, 'GET', '/visit/getallvisittypes', undefined, T), 'visit types');
  for (const t of all.visitTypes ?? all.data ?? all) types[t.code] = t._id;
  if (!types.hostel || !types.grooming) throw new Error(`visit types not found: ${JSON.stringify(all).slice(0, 300)}`);
  await ok(call(base, 'PATCH', `/admin/visit-types/${types.hostel}`, { capacity: null }, T), 'hostel capacity');
  const grooming = await ok(
    call(base, 'PATCH', `/admin/visit-types/${types.grooming}`, { sacCode: '999729', gstRate: 18, priceIncludesTax: true }, T),
    'grooming GST',
  );
  const plans = await ok(call(base, 'GET', '/subscription/getallsubscription', undefined, T), 'plans');
  const planList: any[] = plans.subscriptions ?? plans.data ?? plans.plans ?? plans;
  const pack = planList.find((p) => /Grooming Pack/.test(p.name));
  if (!pack) throw new Error(`no grooming pack plan: ${JSON.stringify(plans).slice(0, 300)}`);
  const packages = await ok(call(base, 'GET', '/packages?active=1', undefined, T), 'packages');
  const pkg = (packages.packages ?? [])[0];
  if (!pkg) throw new Error(`no boarding package: ${JSON.stringify(packages).slice(0, 300)}`);
  const tablet = await ok(
    call(
      base,
      'POST',
      '/inventory/addinventory',
      {
        itemName: `Crash Tablet ${runTag}`,
        stock: 100_000,
        stockUnit: 'tablet',
        itemType: 'medicine',
        unitCostPrice: 2,
        unitMinRetailPriceNGO: 6,
        unitMaxRetailPriceCustomer: 9,
      },
      T,
    ),
    'tablet',
  );
  const collar = await ok(
    call(
      base,
      'POST',
      '/inventory/addinventory',
      {
        itemName: `Crash Collar ${runTag}`,
        stock: 100_000,
        stockUnit: 'item',
        itemType: 'disposable',
        unitCostPrice: 50,
        unitMinRetailPriceNGO: 80,
        unitMaxRetailPriceCustomer: 120.5,
        hsnCode: '4201',
        gstRate: 18,
      },
      T,
    ),
    'collar',
  );
  // The owners in parallel (a few at a time), as several desks would add them.
  const list: Owner[] = [];
  const stamp = String(Date.now() % 1_000_000).padStart(6, '0');
  const addOne = async (i: number) => {
    const a = await ok(
      call(
        base,
        'POST',
        '/pet/addpet',
        {
          ownerName: `Crash Owner ${runTag} ${i}`,
          phone: `7${stamp}${String(i).padStart(3, '0')}`,
          address: 'Sector 45, Gurugram',
          pets: [{ ...PET, name: `Crash${i}` }],
        },
        T,
      ),
      'add pet',
    );
    list[i] = { id: a.ownerId, petId: a.petIds[0], forPackage: i >= owners, busy: false, walletPaise: 0, cancellable: [] };
  };
  const indexes = Array.from({ length: owners + packageOwners }, (_, i) => i);
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let i = indexes.shift(); i !== undefined; i = indexes.shift()) await addOne(i);
    }),
  );
  return {
    base,
    token,
    types,
    groomingPrice: grooming.visitType.price,
    groomingPlan: { id: pack._id, price: pack.price },
    packageId: pkg._id,
    packageDayPaise: Math.ceil((pkg.price * 100) / pkg.days),
    tablet: { id: tablet.item._id, price: 6 },
    collar: { id: collar.item._id, price: 120.5 },
    owners: list,
    dayOffset: 0,
  };
}

const pick = <T>(xs: readonly T[]): T | undefined => xs[Math.floor(Math.random() * xs.length)];
const between = (lo: number, hi: number) => lo + Math.floor(Math.random() * (hi - lo + 1));

/** The journal and the load's state. */
export class Load {
  readonly ops: Op[] = [];
  /** Reads that failed for no answer, and other notes. */
  readonly notes: string[] = [];
  cycle = 1;
  private seq = 0;

  constructor(readonly world: World) {}

  private free(o: Partial<Owner> & { forPackage: boolean }): Owner | undefined {
    return pick(
      this.world.owners.filter(
        (w) =>
          !w.busy &&
          w.forPackage === o.forPackage &&
          (o.boardingId === undefined || (o.boardingId ? !!w.boardingId : !w.boardingId)),
      ),
    );
  }

  /** The next write to send, chosen at random among those possible now (null: nothing possible). */
  async next(): Promise<Op | null> {
    const w = this.world;
    const roll = Math.random() * 20;
    const stay = { forPackage: false, boardingId: '' as string | undefined };
    if (roll < 3) {
      const o = this.free({ forPackage: false });
      if (!o) return null;
      return this.op('grooming', o, '/visit/addgroomingvisit', {
        petId: o.petId,
        visitType: w.types.grooming,
        details: { discount: 0, finalPrice: w.groomingPrice, selectedPayment: 'cash' },
      });
    }
    if (roll < 4) {
      const o = pick(w.owners.filter((x) => !x.busy && !x.forPackage && x.walletPaise >= w.groomingPrice * 100));
      if (!o) return null;
      return this.op('grooming_wallet', o, '/visit/addgroomingvisit', {
        petId: o.petId,
        visitType: w.types.grooming,
        details: { discount: 0, finalPrice: w.groomingPrice, selectedPayment: 'wallet' },
      });
    }
    if (roll < 6) {
      const o = this.free({ forPackage: false });
      if (!o) return null;
      const q = between(1, 3);
      const op = this.op('shop', o, '/visit/addshopvisit', {
        petId: o.petId,
        visitType: w.types.shop,
        stockItems: [{ itemId: w.collar.id, quantity: q, price: w.collar.price }],
        items: [],
        details: { totalCalculatedPrice: Math.round(q * w.collar.price * 100) / 100, selectedPayment: 'cash' },
      });
      op.stock = { [w.collar.id]: q };
      return op;
    }
    if (roll < 8) {
      const o = this.free({ forPackage: false });
      if (!o) return null;
      const q = between(1, 6);
      const op = this.op('prescription', o, '/prescription/addprescription', {
        petId: o.petId,
        customerType: 'NGO',
        tablets: [{ id: w.tablet.id, quantity: q }],
        totalPrice: q * w.tablet.price,
        selectedPayment: 'cash',
      });
      op.stock = { [w.tablet.id]: q };
      return op;
    }
    if (roll < 9.5) {
      const o = pick(w.owners.filter((x) => !x.busy && x.cancellable.length > 0));
      if (!o) return null;
      const sale = o.cancellable.shift()!;
      const op = this.op('cancel', o, '/payments/cancel-sale', {
        visitId: sale.visitId,
        reason: 'Crash test: the owner cancelled',
        refundAmount: sale.price,
        overrideReason: 'Crash test: full refund',
      });
      op.target = sale.visitId;
      return op;
    }
    if (roll < 12) {
      const o = this.free(stay);
      if (!o) return null;
      return this.op('board', o, '/visit/addhostelvisit', {
        petId: o.petId,
        visitType: w.types.hostel,
        admissionAcknowledged: true,
        details: {
          numberOfDays: 2,
          discount: 0,
          finalPrice: 2000,
          paymentLeft: 0,
          selectedPaymentType: 'advance_payment',
          selectedPayment: 'cash',
        },
      });
    }
    if (roll < 14) {
      const o = pick(w.owners.filter((x) => !x.busy && !x.forPackage && x.boardingId));
      if (!o) return null;
      o.busy = true;
      // The desk reads the bill first (a read: no key), then deboards taking exactly what is due.
      let due = 0;
      try {
        const d = await call(w.base, 'POST', '/boarding/getboardingdetails', { _id: o.boardingId }, { token: w.token });
        if (d.status !== 200) {
          this.notes.push(`boarding details ${d.status}: ${d.text.slice(0, 200)}`);
          o.busy = false;
          return null;
        }
        due = d.json.deboard?.due ?? 0;
      } catch (err) {
        o.busy = false;
        if (err instanceof NoAnswer) return null;
        throw err;
      }
      const op = this.op('deboard', o, '/boarding/hosteldeboarding', {
        boardingid: o.boardingId,
        ...(due > 0 ? { payment: { method: 'cash', amount: due } } : {}),
      });
      op.target = o.boardingId;
      return op;
    }
    if (roll < 15) {
      const o = this.free({ forPackage: false });
      if (!o) return null;
      return this.op('subscription', o, '/subscription/buysubscription', {
        petId: o.petId,
        visitType: w.types.buy_subscription,
        planId: w.groomingPlan.id,
        details: { selectedPayment: 'cash', price: w.groomingPlan.price },
        totalPrice: w.groomingPlan.price,
      });
    }
    if (roll < 18) {
      const o = pick(w.owners.filter((x) => !x.busy));
      if (!o) return null;
      return this.op('topup', o, '/wallet/topup', {
        ownerId: o.id,
        amount: o.forPackage ? between(10, 30) * 100 : between(5, 50) * 100,
        selectedPayment: 'cash',
      });
    }
    const o = pick(w.owners.filter((x) => !x.busy && x.forPackage && !x.onPackage && x.walletPaise >= w.packageDayPaise * 3));
    if (!o) return null;
    return this.op('package', o, '/packages/activate', {
      ownerId: o.id,
      packageId: w.packageId,
      petIds: [o.petId],
      admissionAcknowledged: true,
    });
  }

  private op(kind: OpKind, owner: Owner, path: string, body: Record<string, unknown>): Op {
    owner.busy = true;
    const op: Op = {
      n: ++this.seq,
      kind,
      key: `crash-${runTag}-${this.seq}-${randomBytes(4).toString('hex')}`,
      path,
      body,
      owner,
      state: 'sent',
      tries: 0,
      cycle: this.cycle,
    };
    this.ops.push(op);
    return op;
  }

  /**
   * Sends the op (again, with its key, when it is a retry). A 2xx acknowledges it and updates the state; a 4xx
   * refuses it (a 409 'still being processed' after a restart: the answer was lost); no answer leaves it unknown.
   */
  async send(op: Op): Promise<void> {
    op.tries++;
    let r: Answer;
    const t0 = Date.now();
    try {
      // A long timeout: on a loaded machine a write may take seconds; 'no answer' should mean the server is gone.
      r = await call(this.world.base, 'POST', op.path, op.body, { token: this.world.token, key: op.key, timeoutMs: 120_000 });
      op.ms = Date.now() - t0;
    } catch (err) {
      if (!(err instanceof NoAnswer)) throw err;
      op.state = 'unknown';
      return;
    }
    op.status = r.status;
    op.answer = r.json;
    if (r.status >= 200 && r.status < 300) {
      op.state = 'acked';
      op.replayed = r.headers.get('idempotent-replayed') === 'true';
      this.acknowledged(op);
      op.owner.busy = false;
      return;
    }
    if (r.status === 409 && r.json?.message === IDEMPOTENCY_MESSAGES.processing) {
      op.state = 'processing';
      return;
    }
    if (r.status === 409 && r.json?.message === IDEMPOTENCY_MESSAGES.answerLost) {
      op.state = 'answer_lost';
      return;
    }
    if (r.status >= 500) {
      this.notes.push(`${op.kind} #${op.n}: ${r.status} ${r.text.slice(0, 300)}`);
    }
    op.state = 'refused';
    if (op.kind === 'cancel' && op.target) {
      // Not cancelled: it may be tried again later.
      const price = (op.body.refundAmount as number) ?? 0;
      op.owner.cancellable.push({ visitId: op.target, price });
    }
    op.owner.busy = false;
  }

  /** What an acknowledged write changes in the load's state. */
  private acknowledged(op: Op) {
    const o = op.owner;
    const a = op.answer;
    switch (op.kind) {
      case 'grooming':
        o.cancellable.push({ visitId: a.visit._id, price: a.visit.price });
        break;
      case 'grooming_wallet':
        o.walletPaise -= Math.round(a.visit.price * 100);
        break;
      case 'board':
        o.boardingId = a.visit.boardingId;
        break;
      case 'deboard':
        o.boardingId = undefined;
        break;
      case 'topup':
        o.walletPaise += Math.round((op.body.amount as number) * 100);
        break;
      case 'package':
        o.onPackage = true;
        break;
      default:
        break;
    }
  }

  count(state: Op['state']): number {
    return this.ops.filter((o) => o.state === state).length;
  }
}

/**
 * Runs `workers` loops that send writes until `stop()` is true; a loop whose write got no answer stops (the server
 * is gone). Resolves when every loop has stopped.
 */
export async function runWorkers(load: Load, workers: number, stop: () => boolean): Promise<void> {
  const loop = async () => {
    while (!stop()) {
      const op = await load.next();
      if (!op) {
        await new Promise((r) => setTimeout(r, 20));
        continue;
      }
      await load.send(op);
      if (op.state === 'unknown') return;
    }
  };
  await Promise.all(Array.from({ length: workers }, loop));
}

/**
 * After a restart: every write that got no answer is sent again with its key, as the browser retries it, until it
 * is answered. 409 'still being processed' is asked again every few seconds (up to `patienceMs`): a write that
 * committed and died before answering is answered 'done, answer lost' once its claim is 30 s old.
 */
export async function retryUnanswered(load: Load, patienceMs = 90_000): Promise<{ retried: number }> {
  const pending = load.ops.filter((o) => o.state === 'unknown' || o.state === 'sent' || o.state === 'processing');
  const until = Date.now() + patienceMs;
  for (const op of pending) {
    for (;;) {
      await load.send(op);
      if (op.state === 'unknown') throw new Error(`no answer to a retry of ${op.kind} #${op.n} after the restart`);
      if (op.state !== 'processing') break;
      if (Date.now() > until)
        throw new Error(`${op.kind} #${op.n} still 'being processed' ${patienceMs / 1000} s after the restart`);
      await new Promise((r) => setTimeout(r, 3000));
    }
  }
  return { retried: pending.length };
}

/** Moves the test clock `days` ahead (the daily jobs run before it answers). */
export async function advanceClock(world: World, days: number): Promise<boolean> {
  try {
    const r = await call(world.base, 'POST', '/test/clock', { advanceDays: days }, { token: world.token, timeoutMs: 60_000 });
    if (r.status !== 200) throw new Error(`clock: ${r.status} ${r.text}`);
    return true;
  } catch (err) {
    if (err instanceof NoAnswer) return false;
    throw err;
  }
}
