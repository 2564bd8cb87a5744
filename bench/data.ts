/**
 * Generated data the benchmarks share, written in SQL (`INSERT … SELECT generate_series`) so that a million rows take
 * seconds to minutes rather than hours. Ids are deterministic (`substr(md5('o' || g), 1, 24)` for owner g, `'p'` pets,
 * `'v'` visits, `'c'` charges, `'y'` payments, `'r'` refunds, `'k'` credits, `'b'` boardings, `'d'` documents, `'n'`
 * credit notes, `'u'` customer accounts), so one generator can refer to another's rows without reading them back.
 *
 * - `generatePetsData`: owners and pets as the pets benchmark has them (60% as many owners as pets);
 * - `generateHistoryOwnersPets`: owners and pets as the Visit History benchmark has them (Indian pet names);
 * - `generateVisitsLedger`: visits over three years with their ledger rows and search rows, and optionally their
 *   boardings, receipt numbers and GST documents;
 * - `generateVaccinations`, `generateInventory`, `generateAppointments`, `boardInHouse`: the rest of the report's data.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../apps/server/src/db/client.ts';
import { OWNER_NAMES, PET_NAMES } from '../apps/server/src/db/seed/names.ts';

export const TZ = 'Asia/Kolkata';

/** A SQL array literal of strings or numbers. */
export const sqlArray = (xs: readonly (string | number)[]) =>
  `array[${xs.map((x) => (typeof x === 'number' ? String(x) : `'${x.replace(/'/g, "''")}'`)).join(',')}]`;

export async function exec(database: Database, q: string): Promise<void> {
  await database.db.execute(sql.raw(q));
}

export async function rows<T = Record<string, string>>(database: Database, q: string): Promise<T[]> {
  return ((await database.db.execute(sql.raw(q))) as unknown as { rows: T[] }).rows;
}

/** As autovacuum would on a live database: statistics, and GIN pending lists merged; then the bulk load written out. */
export async function settle(database: Database, tables: readonly string[]): Promise<void> {
  for (const t of tables) await exec(database, `vacuum analyze ${t}`);
  await database.db.execute(sql.raw('checkpoint')).catch(() => undefined); // needs superuser or pg_checkpoint; optional
}

// ------------------------------------------------------------------ the pets benchmark's owners and pets

// The demo data's names: first names of its owners, the first 12 surnames, and its pet names plus 15 more.
const PB_FIRST = OWNER_NAMES.map((n) => n.split(' ')[0]!);
const PB_LAST = OWNER_NAMES.slice(0, 12).map((n) => n.split(' ')[1]!);
const PB_PETS = [
  ...PET_NAMES,
  'Shadow',
  'Biscuit',
  'Cookie',
  'Rusty',
  'Julie',
  'Moti',
  'Badal',
  'Laddoo',
  'Peanut',
  'Ollie',
  'Charlie',
  'Cooper',
  'Hazel',
  'Noodle',
  'Pixel',
];
const PB_SUFFIX = ['', '', '', ' Jr', ' II', 'y', 'o', ' Boy', ' Girl', 'ie', ' Sr', 'kins'];

/** Name fragments staff type (for the data of generatePetsData): frequent, mid, rare or absent, mixed case. */
export const PET_NAME_TERMS = [
  'bru',
  'Coco',
  'sha',
  'kaju',
  'MILO',
  'ie',
  'tof',
  'laddoo',
  'pix',
  'zzq',
  'xylo',
  'ginger boy',
  'rus',
  'oll',
];

/** `n` phone prefixes of 3 to 8 digits starting with 9 (a fixed pseudo-random sequence). */
export function phonePrefixes(n: number): string[] {
  const out: string[] = [];
  let seed = 42;
  const rnd = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  for (let i = 0; i < n; i++) {
    const len = 3 + Math.floor(rnd() * 6); // 3..8 digits typed
    let p = '9';
    while (p.length < len) p += String(Math.floor(rnd() * 10));
    out.push(p);
  }
  return out;
}

/** Customer accounts: owner g is one when g % 6 = 1 (a sixth of the owners; each has an email). */
export const customerOwner = (g: string) => `(${g}) % 6 = 1`;

/**
 * `owners` owners and `pets` pets (pet g belongs to owner 1 + g % owners), phones spread over the whole
 * 9xxxxxxxxx range, one pet registered per minute back in time. With `customers`, a sixth of the owners have a
 * customer account (`users`, id 'u' || g, the password hash given) linked to their owner record.
 */
export async function generatePetsData(
  database: Database,
  o: { pets: number; owners: number; customers?: { passwordHash: string } },
): Promise<number> {
  const t0 = performance.now();
  const { pets, owners } = o;
  if (o.customers) {
    await exec(
      database,
      `insert into users (id, role, is_admin, full_name, email, password_hash, created_at, updated_at)
       select substr(md5('u' || g), 1, 24), 'customer', false,
              (${sqlArray(PB_FIRST)})[1 + g % ${PB_FIRST.length}] || ' ' || (${sqlArray(PB_LAST)})[1 + (g / ${PB_FIRST.length}) % ${PB_LAST.length}],
              'owner' || g || '@example.in', '${o.customers.passwordHash}', now() - g * interval '2 minutes', now()
       from generate_series(1, ${owners}) g where ${customerOwner('g')}`,
    );
  }
  await exec(
    database,
    `insert into owners (id, name, phone, email, address, user_id, created_at, updated_at)
    select substr(md5('o' || g), 1, 24),
           (${sqlArray(PB_FIRST)})[1 + g % ${PB_FIRST.length}] || ' ' || (${sqlArray(PB_LAST)})[1 + (g / ${PB_FIRST.length}) % ${PB_LAST.length}],
           -- unique, spread over the whole 9xxxxxxxxx range (387420489 = 3^18 is coprime with 10^9)
           '9' || lpad(((g::bigint * 387420489) % 1000000000)::text, 9, '0'),
           case when g % 3 = 0 then null else 'owner' || g || '@example.in' end,
           'House ' || (g % 500) || ', Sector ' || (g % 80) || ', Gurugram',
           ${o.customers ? `case when ${customerOwner('g')} then substr(md5('u' || g), 1, 24) end` : 'null'},
           now() - g * interval '2 minutes', now()
    from generate_series(1, ${owners}) g`,
  );
  await exec(
    database,
    `insert into pets (id, owner_id, name, species, breed, custom_breed, sex, color, dob, neutered, registration_date,
                      segment, created_at, updated_at)
    select substr(md5('p' || g), 1, 24),
           substr(md5('o' || (1 + g % ${owners})), 1, 24),
           (${sqlArray(PB_PETS)})[1 + g % ${PB_PETS.length}] || (${sqlArray(PB_SUFFIX)})[1 + (g / ${PB_PETS.length}) % ${PB_SUFFIX.length}],
           case when g % 6 = 5 then (array['cat','bird','rabbit','hamster','fish'])[1 + g % 5] else 'dog' end,
           case when g % 6 = 5 then (array['Persian','Parrot','Holland Lop','Syrian Hamster','Goldfish'])[1 + g % 5]
                else (array['Labrador Retriever','German Shepherd','Golden Retriever','Beagle','Pug','Shih Tzu',
                            'Indian Pariah Dog (Indie)','Rajapalayam','Other'])[1 + g % 9] end,
           case when g % 6 <> 5 and g % 9 = 8 then 'Indie mix' end,
           case when g % 2 = 0 then 'Male' else 'Female' end,
           (array['Brown','Black','White','Golden','Cream','Grey','Fawn'])[1 + g % 7],
           date '2012-01-01' + (g % 4700),
           g % 3 = 0,
           (now() - g * interval '1 minute')::date,
           case when g % 4 = 0 then 'Veterinary' else 'Day Care' end,
           now() - g * interval '1 minute', now()
    from generate_series(1, ${pets}) g`,
  );
  return performance.now() - t0;
}

// ------------------------------------------------------------------ the Visit History benchmark's owners and pets

/** Indian pet names (the demo's and more); with the suffixes below, ~1,100 distinct names. */
const HB_PETS = [
  'Bruno',
  'Coco',
  'Simba',
  'Sheru',
  'Moti',
  'Tommy',
  'Rocky',
  'Laddoo',
  'Kaju',
  'Badal',
  'Chiku',
  'Golu',
  'Motu',
  'Pinky',
  'Tiger',
  'Jimmy',
  'Raja',
  'Rani',
  'Bholu',
  'Chhotu',
  'Goldy',
  'Bunty',
  'Babli',
  'Kalu',
  'Julie',
  'Leo',
  'Luna',
  'Max',
  'Bella',
  'Oreo',
  'Zara',
  'Mithu',
  'Gabbar',
  'Toffee',
  'Jalebi',
  'Rasgulla',
  'Peanut',
  'Biscuit',
  'Cookie',
  'Shadow',
  'Rusty',
  'Ginger',
  'Snowy',
  'Sultan',
  'Bagheera',
  'Sona',
  'Heera',
  'Champ',
  'Dollar',
  'Pepper',
  'Mango',
  'Kesar',
  'Pista',
  'Barfi',
  'Dosa',
  'Idli',
  'Chintu',
  'Pappu',
  'Guddu',
  'Dabbu',
  'Lucky',
  'Happy',
  'Buddy',
  'Scooby',
  'Caesar',
  'Hachi',
  'Simmi',
  'Tara',
  'Noor',
  'Mishti',
  'Bijli',
  'Toofan',
  'Raju',
  'Sheroo',
  'Kalia',
  'Bhaloo',
  'Ruby',
  'Daisy',
  'Milo',
  'Charlie',
];
const HB_SUFFIX = ['', '', '', '', ' Jr', 'y', 'u', ' Boy', ' Rani', 'ie', ' Singh', 'a', 'o', 'ji'];
const HB_FIRST = OWNER_NAMES.map((n) => n.split(' ')[0]!);
const HB_LAST = OWNER_NAMES.map((n) => n.split(' ')[1]!);

/** Owners (phones spread over 6–9xxxxxxxxx) and pets (pet g belongs to owner 1 + g % owners, ~1,100 names). */
export async function generateHistoryOwnersPets(database: Database, owners: number, pets: number): Promise<void> {
  await exec(
    database,
    `insert into owners (id, name, phone, email, address, created_at, updated_at)
    select substr(md5('o' || g), 1, 24),
           (${sqlArray(HB_FIRST)})[1 + g % ${HB_FIRST.length}] || ' ' || (${sqlArray(HB_LAST)})[1 + (g / ${HB_FIRST.length}) % ${HB_LAST.length}],
           (array['9','8','7','6'])[1 + g % 4] || lpad(((g::bigint * 387420489) % 1000000000)::text, 9, '0'),
           null, 'House ' || (g % 500) || ', Gurugram', now() - interval '4 years', now()
    from generate_series(1, ${owners}) g`,
  );
  await exec(
    database,
    `insert into pets (id, owner_id, name, species, breed, sex, color, dob, neutered, registration_date, created_at, updated_at)
    select substr(md5('p' || g), 1, 24), substr(md5('o' || (1 + g % ${owners})), 1, 24),
           (${sqlArray(HB_PETS)})[1 + g % ${HB_PETS.length}] || (${sqlArray(HB_SUFFIX)})[1 + (g / ${HB_PETS.length}) % ${HB_SUFFIX.length}],
           case when g % 7 = 6 then 'cat' else 'dog' end,
           case when g % 7 = 6 then 'Persian' else (array['Labrador Retriever','Beagle','Pug','Shih Tzu','Indian Pariah Dog (Indie)','German Shepherd'])[1 + g % 6] end,
           case when g % 2 = 0 then 'Male' else 'Female' end,
           (array['Brown','Black','White','Golden','Cream'])[1 + g % 5],
           date '2014-01-01' + (g % 3650), g % 3 = 0, date '2023-01-01', now() - interval '4 years', now()
    from generate_series(1, ${pets}) g`,
  );
}

// ------------------------------------------------------------------ visits, ledger, documents

/** A financial year ('2026-27', April to March) of a date expression. */
const fyOf = (d: string) =>
  `(to_char((${d}) - interval '3 months', 'YYYY') || '-' || to_char((${d}) + interval '9 months', 'YY'))`;

/** The business day of an instant expression. */
const dayOf = (at: string) => `((${at}) at time zone '${TZ}')::date`;

export interface VisitsOptions {
  visits: number;
  owners: number;
  pets: number;
  /** Boarding purposes get a finished stay (`boardings`, named by their ledger rows). */
  boardings?: boolean;
  /**
   * Completed payments and refunds get their receipt numbers (gap-free per financial year, as receipt_counters then
   * says), every charge its bill of supply with its line, every credit its credit note: as the documents module
   * issues them for purposes without GST (the reference data's rate is 0).
   */
  documents?: boolean;
  /** The seller printed on documents. */
  seller?: Record<string, string>;
}

/**
 * The visits over ~3 years (g = 1 the newest, a few seconds of jitter so times rarely tie), their ledger rows and
 * their search rows, in SQL. Visit g's pet is 1 + (g × 7919) % pets (its owner 1 + pet % owners, as both owner and
 * pet generators have it). Its sale is decided by h = hash(g) % 100: 0–71 paid in full (charge + completed payment),
 * 72–83 nothing paid (due), 84–91 half paid (due), 92–96 paid then half refunded (refunded), 97–99 voided (charge
 * credited in full; nothing paid). Purposes are weighted: vets and shops most often.
 */
export async function generateVisitsLedger(database: Database, o: VisitsOptions): Promise<void> {
  const { visits, owners, pets } = o;
  const run = (q: string) => exec(database, q);
  // The 10 purposes and their prices, as installReferenceData wrote them.
  const types = await rows<{ id: string; purpose: string; price_paise: string | number; is_boarding: boolean }>(
    database,
    `select id, purpose, price_paise, is_boarding from visit_types order by sort_order, purpose limit 10`,
  );
  const weights = [20, 6, 22, 8, 8, 4, 4, 10, 3, 15].slice(0, types.length);
  const slots: number[] = [];
  weights.forEach((w, i) => {
    for (let k = 0; k < w; k++) slots.push(i + 1);
  });
  const typeOf = `(${sqlArray(slots)})[1 + (g * 7 + (g / 13)) % ${slots.length}]`;
  const ids = sqlArray(types.map((t) => t.id));
  const purposes = sqlArray(types.map((t) => t.purpose));
  const prices = sqlArray(types.map((t) => Math.max(10000, Number(t.price_paise))));
  const boards = `(${sqlArray(types.map((t) => (o.boardings && t.is_boarding ? 1 : 0)))})[${typeOf}] = 1`;
  const spanSeconds = 3 * 365 * 86400;
  const h = `((g::bigint * 2654435761) % 100)`;
  const v = `substr(md5('v' || g), 1, 24)`;
  const pet = `substr(md5('p' || (1 + (g::bigint * 7919) % ${pets})), 1, 24)`;
  const owner = `substr(md5('o' || (1 + (1 + (g::bigint * 7919) % ${pets}) % ${owners})), 1, 24)`;
  const at = `now() - make_interval(secs => g * ${spanSeconds / visits} + (g % 7))`;
  const price = `(${prices})[${typeOf}]`;
  const boarding = o.boardings ? `case when ${boards} then substr(md5('b' || g), 1, 24) end` : 'null';

  await run(`
    insert into visits (id, pet_id, visit_type_id, purpose, price_paise, discount_paise, details, created_at, voided_at, void_reason)
    select ${v}, ${pet}, (${ids})[t], (${purposes})[t], (${prices})[t], 0, '{}'::jsonb, ${at},
           case when ${h} >= 97 then ${at} + interval '1 hour' end,
           case when ${h} >= 97 then 'Recorded twice' end
    from (select g, ${typeOf} as t from generate_series(1, ${visits}) g) s`);
  if (o.boardings) {
    // A finished stay of 1–3 days for each boarding purpose's visit (boardInHouse later brings a few back in).
    await run(`
      insert into boardings (id, pet_id, visit_type_id, visit_id, number_of_days, entry_time, exit_time, is_boarded, created_at, updated_at)
      select substr(md5('b' || g), 1, 24), ${pet}, (${ids})[${typeOf}], ${v}, 1 + g % 3, ${at},
             least(${at} + (1 + g % 3) * interval '1 day', now()), false, ${at}, ${at}
      from generate_series(1, ${visits}) g where ${boards}`);
  }
  // Ledger: the sale's charge; payments (full, or half); refunds of half; credits of voided visits.
  await run(`
    insert into payments (id, kind, status, account, owner_id, amount_paise, charge_for, pet_id, visit_id, boarding_id, paid_at, created_at)
    select substr(md5('c' || g), 1, 24), 'charge', 'completed', 'sale', ${owner}, ${price}, 'sale', ${pet}, ${v}, ${boarding}, ${at}, ${at}
    from generate_series(1, ${visits}) g`);
  // Receipt numbers: per financial year, oldest first, gap-free.
  const receipt = (prefix: string, series: string) =>
    o.documents
      ? `'${prefix}' || fy || '/' || lpad((row_number() over (partition by fy order by ${series}))::text, 6, '0')`
      : 'null';
  await run(`
    insert into payments (id, kind, status, account, owner_id, method, amount_paise, pet_id, visit_id, boarding_id, paid_at, completed_at, completed_via, created_at, receipt_no)
    select substr(md5('y' || g), 1, 24), 'payment', 'completed', 'sale', ${owner},
           (array['cash','cash','card','payment_link'])[1 + g % 4],
           case when ${h} between 84 and 91 then ${price} / 2 else ${price} end,
           ${pet}, ${v}, ${boarding}, ${at}, ${at}, 'desk', ${at} + interval '1 second', ${receipt('', 'g desc')}
    from (select g, ${fyOf(dayOf(at))} as fy from generate_series(1, ${visits}) g where ${h} < 72 or ${h} between 84 and 96) s`);
  // Refunds a day later (never in the future).
  const refundAt = `least(${at} + interval '1 day', now())`;
  await run(`
    insert into payments (id, kind, status, account, owner_id, method, amount_paise, pet_id, visit_id, boarding_id, refund_of, paid_at, completed_at, completed_via, created_at, receipt_no)
    select substr(md5('r' || g), 1, 24), 'refund', 'completed', 'sale', ${owner}, 'cash', ${price} / 2,
           ${pet}, ${v}, ${boarding}, substr(md5('y' || g), 1, 24), ${refundAt}, ${refundAt}, 'desk', ${refundAt}, ${receipt('R/', 'ra, g desc')}
    from (select g, ${refundAt} as ra, ${fyOf(dayOf(refundAt))} as fy from generate_series(1, ${visits}) g where ${h} between 92 and 96) s`);
  await run(`
    insert into payments (id, kind, status, account, owner_id, amount_paise, pet_id, visit_id, boarding_id, credit_of, paid_at, created_at)
    select substr(md5('k' || g), 1, 24), 'credit', 'completed', 'sale', ${owner}, ${price},
           ${pet}, ${v}, ${boarding}, substr(md5('c' || g), 1, 24), ${at} + interval '1 hour', ${at} + interval '1 hour'
    from generate_series(1, ${visits}) g where ${h} >= 97`);
  if (o.documents) await generateDocuments(database, { visits, owner, pet, v, at, h, price, typeOf, purposes, seller: o.seller });
  // The search rows, as the sale and its later rows leave them (the reconciliation test checks this equality).
  await run(`
    insert into visit_search (visit_id, created_at, business_date, purpose, visit_type_id, pet_id, pet_name, owner_id, owner_name,
                              owner_phone, charged_paise, paid_paise, due_paise, refunded_paise, payment_state)
    select v.id, v.created_at, (v.created_at at time zone '${TZ}')::date, v.purpose, v.visit_type_id, p.id, p.name, o.id, o.name, o.phone,
           m.charged, m.paid, greatest(m.charged - m.paid, 0), m.refunded,
           case when v.voided_at is not null then 'voided' when m.refunded > 0 then 'refunded' when m.charged > m.paid then 'due' else 'paid' end
    from (select g, ${v} as id, ${h} as h, ${price} as price from generate_series(1, ${visits}) g) s
    join visits v on v.id = s.id
    join pets p on p.id = v.pet_id
    join owners o on o.id = p.owner_id
    cross join lateral (select
        case when s.h >= 97 then 0 else s.price end as charged,
        case when s.h < 72 then s.price when s.h between 84 and 91 then s.price / 2 when s.h between 92 and 96 then s.price - s.price / 2 else 0 end as paid,
        case when s.h between 92 and 96 then s.price / 2 else 0 end as refunded) m`);
}

/**
 * Every charge's bill of supply (series B) with its line, every credit's credit note (C) naming it; numbered per
 * financial year of the document's date, oldest first; then receipt_counters as the issuing would leave it.
 */
async function generateDocuments(
  database: Database,
  e: {
    visits: number;
    owner: string;
    pet: string;
    v: string;
    at: string;
    h: string;
    price: string;
    typeOf: string;
    purposes: string;
    seller?: Record<string, string>;
  },
): Promise<void> {
  const seller = JSON.stringify(
    e.seller ?? { name: 'Pet DayCare Service', address: 'Gurugram', phone: '+91 98100 00000', stateCode: '06' },
  ).replace(/'/g, "''");
  const buyer = `jsonb_build_object('name', o.name, 'address', o.address, 'phone', o.phone, 'email', o.email, 'gstin', null, 'stateCode', null)`;
  const doc = (series: 'B' | 'C', idPrefix: string, entryPrefix: string, at: string, where: string, original: string) => `
    insert into tax_documents (id, kind, series, financial_year, seq, number, document_date, issued_at, ledger_entry_id, owner_id,
                               pet_id, visit_id, original_document_id, seller, buyer, place_of_supply, taxable_paise, total_paise, created_at)
    select substr(md5('${idPrefix}' || g), 1, 24), '${series === 'B' ? 'bill_of_supply' : 'credit_note'}', '${series}', fy, seq,
           '${series}/' || fy || '/' || lpad(seq::text, 6, '0'), day, ${at}, substr(md5('${entryPrefix}' || g), 1, 24), o.id,
           ${e.pet}, ${e.v}, ${original}, '${seller}'::jsonb, ${buyer}, '06', ${e.price}, ${e.price}, ${at}
    from (select g, day, fy, row_number() over (partition by fy order by g desc)::int as seq
          from (select g, ${dayOf(e.at)} as day from generate_series(1, ${e.visits}) g where ${where}) d,
               lateral (select ${fyOf('day')} as fy) f) s
    join owners o on o.id = ${e.owner}`;
  const lines = (idPrefix: string, where: string) => `
    insert into tax_document_lines (id, document_id, line_no, description, quantity, unit_price_paise, price_includes_tax,
                                    rate_percent, taxable_paise, total_paise)
    select substr(md5('${idPrefix}l' || g), 1, 24), substr(md5('${idPrefix}' || g), 1, 24), 1, (${e.purposes})[${e.typeOf}], 1,
           ${e.price}, true, 0, ${e.price}, ${e.price}
    from generate_series(1, ${e.visits}) g where ${where}`;
  await exec(database, doc('B', 'd', 'c', e.at, 'true', 'null'));
  await exec(database, lines('d', 'true'));
  // The credit of a voided visit, an hour later (dated by the visit's day: the void comes the same day).
  await exec(database, doc('C', 'n', 'k', `${e.at} + interval '1 hour'`, `${e.h} >= 97`, `substr(md5('d' || g), 1, 24)`));
  await exec(database, lines('n', `${e.h} >= 97`));
  await exec(
    database,
    `insert into receipt_counters (financial_year, last_seq)
     select regexp_replace(receipt_no, '/[0-9]+$', ''), max(substring(receipt_no from '[0-9]+$')::int)
     from payments where receipt_no is not null group by 1
     union all
     select series || '/' || financial_year, max(seq) from tax_documents group by 1
     on conflict (financial_year) do update set last_seq = greatest(receipt_counters.last_seq, excluded.last_seq)`,
  );
}

/**
 * Brings back into the house the newest finished stays of distinct pets: per boarding type, up to `perType` (code →
 * how many; others 8), below the types' capacities so the desk can still board.
 */
export async function boardInHouse(database: Database, perType: Record<string, number>): Promise<number> {
  const limit = `case t.code ${Object.entries(perType)
    .map(([c, n]) => `when '${c}' then ${n}`)
    .join(' ')} else 8 end`;
  const res = await rows<{ n: number }>(
    database,
    `with chosen as (
       select x.id from (
         select d.id, d.visit_type_id, row_number() over (partition by d.visit_type_id order by d.entry_time desc) as rn
         from (select distinct on (pet_id) id, pet_id, visit_type_id, entry_time from boardings
               where entry_time > now() - interval '3 days' order by pet_id, entry_time desc) d) x
       join visit_types t on t.id = x.visit_type_id
       where x.rn <= ${limit})
     , done as (update boardings b set is_boarded = true, exit_time = null from chosen where b.id = chosen.id returning 1)
     select count(*)::int as n from done`,
  );
  return res[0]?.n ?? 0;
}

/** The core vaccines of every dog (Rabies, DHPP), given at ~2 months; next doses due from a month ago to a year on. */
export async function generateVaccinations(database: Database, pets: number): Promise<void> {
  await exec(
    database,
    `insert into vaccinations (id, pet_id, name, number_of_dose, given_on, next_due, serial_no, created_at)
     select substr(md5('x' || g || n), 1, 24), substr(md5('p' || g), 1, 24), n, 1,
            date '2012-01-01' + (g % 4700) + 60, current_date + ((g * 13 + length(n)) % 400 - 30), 'B' || g, now()
     from generate_series(1, ${pets}) g cross join unnest(array['Rabies','DHPP']) n
     where g % 6 <> 5`,
  );
}

const ITEM_NAMES = [
  'Amoxicillin 250mg',
  'Meloxicam Oral',
  'Metronidazole',
  'Rabies Vaccine',
  'DHPP Vaccine',
  'Ivermectin',
  'Cefpodoxime',
  'Doxycycline',
  'Prednisolone',
  'Ondansetron',
  'Ranitidine',
  'Syringe 2ml',
  'Cotton Roll',
  'Betadine',
  'Chlorhexidine Shampoo',
  'Tick Spray',
  'Deworming Tablet',
  'Multivitamin Syrup',
  'Ear Cleaner',
  'Eye Drops',
];
const UNITS = ['tablet', 'ml', 'item', 'mg'];
const TYPES = ['medicine', 'medicine', 'disposable', 'medicine'];

/**
 * `items` inventory items and `movements` stock movements over them (item i gets movement g when
 * (g − 1) % items = i − 1): the first adds 500, every fifth after it 100, the others take 1–7 as prescriptions do;
 * each movement's stock_after is the running sum and each item's stock the sum of its movements. One item in 20
 * has a reorder level above its stock (the alert list). Plus the benchmark's own item, `Bench Tablets` (a million
 * tablets), which the prescription write uses; its id is answered.
 */
export async function generateInventory(database: Database, items: number, movements: number): Promise<string> {
  await exec(
    database,
    `insert into inventory_items (id, item_name, stock, stock_unit, item_type, unit_cost_paise, unit_min_retail_ngo_paise,
                                  unit_max_retail_customer_paise, reorder_level, created_at, updated_at)
     select substr(md5('i' || g), 1, 24), (${sqlArray(ITEM_NAMES)})[1 + g % ${ITEM_NAMES.length}] || ' #' || g,
            0, (${sqlArray(UNITS)})[1 + g % 4], (${sqlArray(TYPES)})[1 + g % 4], 500 + g % 50 * 10, 800 + g % 50 * 10,
            1200 + g % 50 * 10, case when g % 20 = 0 then 100000 else 20 end, now() - interval '3 years', now()
     from generate_series(1, ${items}) g
     union all
     select substr(md5('bench-item'), 1, 24), 'Bench Tablets', 0, 'tablet', 'medicine', 500, 800, 1200, 20, now() - interval '3 years', now()`,
  );
  await exec(
    database,
    `insert into stock_movements (id, item_id, delta, stock_after, reason, note, created_at)
     select substr(md5('m' || g), 1, 24), item, delta, sum(delta) over (partition by item order by g), reason, null,
            now() - make_interval(secs => (${movements} - g) * ${Math.floor((2 * 365 * 86400) / Math.max(1, movements))})
     from (select g, substr(md5('i' || (1 + (g - 1) % ${items})), 1, 24) as item,
                  case when (g - 1) / ${items} = 0 then 500 when ((g - 1) / ${items}) % 5 = 0 then 100 else -(1 + g % 7) end as delta,
                  case when (g - 1) / ${items} = 0 or ((g - 1) / ${items}) % 5 = 0 then 'added' else 'prescribed' end as reason
           from generate_series(1, ${movements}) g) s
     union all
     select substr(md5('bench-item-added'), 1, 24), substr(md5('bench-item'), 1, 24), 1000000, 1000000, 'added', 'benchmark stock', now() - interval '3 years'`,
  );
  await exec(
    database,
    `update inventory_items i set stock = s.total from (select item_id, sum(delta)::int as total from stock_movements group by 1) s
     where s.item_id = i.id`,
  );
  return (await rows<{ id: string }>(database, `select substr(md5('bench-item'), 1, 24) as id`))[0]!.id;
}

/**
 * `n` online appointments by the customers (owner g with g % 6 = 1; their pet g − 1), slots of Grooming,
 * Veterinary and Dog Park from 330 days ago to 29 days ahead: past ones mostly completed, some cancelled; coming
 * ones pending or confirmed. Dates 60 and more days ahead stay free for the booking benchmark.
 */
export async function generateAppointments(database: Database, n: number, owners: number): Promise<void> {
  const types = await rows<{ id: string; purpose: string; price_paise: string }>(
    database,
    `select id, purpose, price_paise from visit_types where code in ('grooming', 'veterinary', 'dog_park') order by code`,
  );
  const slots = ['09:00', '09:30', '10:00', '10:30', '11:00', '11:30', '12:00', '12:30'];
  slots.push('14:00', '14:30', '15:00', '15:30', '16:00', '16:30', '17:00', '17:30', '18:00');
  // Customer pets: pet 6j (j = 1…J) of owner 6j + 1.
  const J = Math.max(1, Math.floor((owners - 2) / 6));
  const t = `1 + g % ${types.length}`;
  await exec(
    database,
    `insert into appointments (id, customer_id, owner_id, visit_type_id, kind, service_id, service_name, service_price_paise,
                               appointment_date, appointment_time, pet_id, pet_name, pet_breed, pet_species, notes,
                               total_amount_paise, payment_mode, status, created_at, updated_at)
     select substr(md5('a' || g), 1, 24), substr(md5('u' || (6 * j + 1)), 1, 24), substr(md5('o' || (6 * j + 1)), 1, 24),
            (${sqlArray(types.map((x) => x.id))})[${t}], 'slot', (${sqlArray(types.map((x) => x.id))})[${t}],
            (${sqlArray(types.map((x) => x.purpose))})[${t}], (${sqlArray(types.map((x) => Number(x.price_paise)))})[${t}],
            d, (${sqlArray(slots)})[1 + (k * 3 + j) % ${slots.length}], p.id, p.name, p.breed, p.species,
            case when g % 5 = 0 then 'Please call before' end,
            (${sqlArray(types.map((x) => Number(x.price_paise)))})[${t}], 'desk',
            case when d < current_date then (case when g % 7 = 0 then 'cancelled' else 'completed' end)
                 else (case when g % 2 = 0 then 'confirmed' else 'pending' end) end,
            least(d - interval '3 days', now()), now()
     from (select g, 1 + g % ${J} as j, g / ${J} as k from generate_series(1, ${n}) g) s
     cross join lateral (select current_date - 330 + ((g * 7 + k * 91) % 360) as d) dd
     join pets p on p.id = substr(md5('p' || (6 * s.j)), 1, 24)`,
  );
}
