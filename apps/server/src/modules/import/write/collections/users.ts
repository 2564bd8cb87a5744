import { sql } from 'drizzle-orm';
import { users } from '../../../../db/schema/index.ts';
import type { CollectionImporter, Outcome } from '../types.ts';
import { lookups } from '../lookups.repo.ts';
import { Fields } from '../values.ts';

const BCRYPT = /^\$2[aby]\$\d\d\$[./A-Za-z0-9]{53}$/;

/**
 * users → users. Staff and admins become staff (admins with the admin right), customers customer accounts. The
 * bcrypt hash comes across as it is (login verifies it and replaces it with scrypt on the first sign-in). An
 * account whose email Pawdesk already has (the admin who installed it) is merged into that account, which keeps
 * its password. A rerun updates names and phones; it replaces the password only while it is still the imported one.
 */
export const usersImporter: CollectionImporter = {
  collection: 'users',
  async importBatch(tx, docs, ctx) {
    const known = await lookups.users(ctx);
    const byEmail = new Map([...known].map(([id, u]) => [u.email, id]));
    const rows: (typeof users.$inferInsert)[] = [];
    const outcomes: Outcome[] = [];
    for (const doc of docs) {
      const f = new Fields(ctx, doc);
      const email = f.email('email');
      if (!email) {
        outcomes.push({ kind: 'skipped', reason: 'no email (an account signs in with it)' });
        ctx.problem(doc, 'the account has no email; it was not imported');
        continue;
      }
      const other = byEmail.get(email);
      if (other && other !== doc.id) {
        ctx.problem(doc, `${email} already has a Pawdesk account; merged into it (it keeps its Pawdesk password)`);
        outcomes.push({ kind: 'merged', table: 'users', id: other });
        continue;
      }
      const role = f.text('role').toLowerCase();
      if (role && !['staff', 'admin', 'customer'].includes(role))
        ctx.problem(doc, `role: "${role}" is unknown; imported as staff`);
      const password = f.text('password');
      let hash = password;
      if (!BCRYPT.test(password)) {
        ctx.problem(doc, 'password: not a bcrypt hash; the account cannot sign in until its password is reset');
        hash = '!imported-without-password';
      }
      const fullName = f.text('fullName') || email;
      const phone = f.phone('phone');
      const photo = f.text('profilePhoto');
      rows.push({
        id: doc.id,
        role: role === 'customer' ? 'customer' : 'staff',
        isAdmin: role === 'admin',
        fullName,
        email,
        phone,
        passwordHash: hash,
        photoUrl: /^https?:\/\//.test(photo) ? photo : null,
        createdAt: f.created(),
        updatedAt: f.updated(),
      });
      known.set(doc.id, { role: role === 'customer' ? 'customer' : 'staff', email, fullName, phone });
      byEmail.set(email, doc.id);
      outcomes.push({ kind: 'imported', table: 'users', id: doc.id });
    }
    if (rows.length > 0) {
      await tx
        .insert(users)
        .values(rows)
        .onConflictDoUpdate({
          target: users.id,
          set: {
            role: sql`excluded.role`,
            isAdmin: sql`excluded.is_admin`,
            fullName: sql`excluded.full_name`,
            email: sql`excluded.email`,
            phone: sql`excluded.phone`,
            // Only while the stored hash is still the original's bcrypt one: never undo a password set in Pawdesk.
            passwordHash: sql`case when ${users.passwordHash} like '$2%' then excluded.password_hash else ${users.passwordHash} end`,
            photoUrl: sql`case when ${users.photoHash} is null then excluded.photo_url else ${users.photoUrl} end`,
            updatedAt: sql`excluded.updated_at`,
          },
        });
    }
    return outcomes;
  },
};
