import type { ContactBody } from '@pawdesk/shared';
import { toRupees } from '@pawdesk/shared';
import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { contactMessages, customerServices } from '../../db/schema/index.ts';

/**
 * Names the visit types catalogue services book (id → purpose). The visit-types module cannot be imported here (it
 * reads the site's settings), so the appointments module, which reads both, installs the lookup at load.
 */
type VisitTypeNamer = (db: DbOrTx, ids: readonly string[]) => Promise<Map<string, string>>;
let nameVisitTypes: VisitTypeNamer = async () => new Map();
export function setCatalogueVisitTypeNamer(fn: VisitTypeNamer): void {
  nameVisitTypes = fn;
}

export async function listServices(db: DbOrTx) {
  const rows = await db
    .select({
      id: customerServices.id,
      name: customerServices.name,
      durationMinutes: customerServices.durationMinutes,
      pricePaise: customerServices.pricePaise,
      description: customerServices.description,
      visitTypeId: customerServices.visitTypeId,
    })
    .from(customerServices)
    .where(eq(customerServices.active, true))
    .orderBy(asc(customerServices.sortOrder), asc(customerServices.name));
  const typeIds = [...new Set(rows.flatMap((r) => (r.visitTypeId ? [r.visitTypeId] : [])))];
  const purposes = typeIds.length > 0 ? await nameVisitTypes(db, typeIds) : new Map<string, string>();
  return rows.map((r) => ({
    _id: r.id,
    name: r.name,
    duration: r.durationMinutes,
    price: toRupees(r.pricePaise),
    description: r.description,
    visitTypeId: r.visitTypeId,
    visitType: r.visitTypeId ? (purposes.get(r.visitTypeId) ?? null) : null,
  }));
}

/** The visit type a catalogue service books (issue 19), or undefined for an unknown or unlinked service. */
export async function catalogueServiceVisitType(db: DbOrTx, serviceId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ visitTypeId: customerServices.visitTypeId })
    .from(customerServices)
    .where(eq(customerServices.id, serviceId));
  return row?.visitTypeId ?? undefined;
}

export async function saveContactMessage(db: DbOrTx, body: ContactBody) {
  const [row] = await db
    .insert(contactMessages)
    .values({ name: body.name, email: body.email, phone: body.phone || null, comment: body.comment })
    .returning({ id: contactMessages.id });
  return row!.id;
}
