import type { ContactBody } from '@pawdesk/shared';
import { toRupees } from '@pawdesk/shared';
import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { contactMessages, customerServices } from '../../db/schema/index.ts';

export async function listServices(db: DbOrTx) {
  const rows = await db
    .select()
    .from(customerServices)
    .where(eq(customerServices.active, true))
    .orderBy(asc(customerServices.sortOrder), asc(customerServices.name));
  return rows.map((r) => ({
    _id: r.id,
    name: r.name,
    duration: r.durationMinutes,
    price: toRupees(r.pricePaise),
    description: r.description,
  }));
}

export async function saveContactMessage(db: DbOrTx, body: ContactBody) {
  const [row] = await db
    .insert(contactMessages)
    .values({ name: body.name, email: body.email, phone: body.phone || null, comment: body.comment })
    .returning({ id: contactMessages.id });
  return row!.id;
}
