import type { AddressInfo } from 'node:net';
import { gstinCheckChar } from '@pawdesk/shared';
import { eq, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeItem, makeOwner, makePet } from '../../../test/factories.ts';
import { createTestApp, type TestApp, type TestUser, testConfig } from '../../../test/harness.ts';
import { notifications, taxDocuments, visitTypes } from '../../db/schema/index.ts';
import { deliverDue } from '../../jobs/outbox.ts';
import { type MailTransport, smtpTransport } from '../../jobs/transport.ts';

/** Emailing a document: queued once per Idempotency-Key, delivered over SMTP with its PDF attached. */

const received: string[] = [];
let server: SMTPServer;
let t: TestApp;
let staff: TestUser;
let transport: MailTransport;

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push(Buffer.concat(chunks).toString('utf8'));
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  const gstin = `06AAAAA0000A1Z${gstinCheckChar('06AAAAA0000A1Z')}`;
  t = await createTestApp({
    smtpUrl: `smtp://127.0.0.1:${port}`,
    mailFrom: 'Pet DayCare Service <no-reply@petdaycare.test>',
    business: { ...testConfig().business, gstin },
  });
  staff = await t.user('staff');
  transport = smtpTransport(t.config.smtpUrl!, t.config.mailFrom);
});

afterAll(async () => {
  transport?.close?.();
  await t?.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('POST /documents/{id}/email', () => {
  it('queues one message per Idempotency-Key and delivers the PDF as an attachment', async () => {
    const db = t.database.db;
    await makeItem(db, { itemName: 'Kibble 2kg', hsnCode: '23091000', gstRatePercent: 5 });
    const owner = await makeOwner(db, { name: 'Meera Nair', email: 'meera@example.in' });
    const pet = await makePet(db, { ownerId: owner.id, name: 'Sheru' });
    const [shop] = await db.select().from(visitTypes).where(eq(visitTypes.code, 'shop'));
    const sale = await t.call({
      method: 'POST',
      url: '/api/v1/visit/addshopvisit',
      token: staff.token,
      payload: {
        petId: pet.id,
        visitType: shop!.id,
        items: [{ name: 'Kibble 2kg', price: 1050 }],
        details: { totalCalculatedPrice: 1050, selectedPayment: 'cash' },
      },
    });
    expect(sale.statusCode).toBe(201);
    const [doc] = await db.select().from(taxDocuments).where(eq(taxDocuments.visitId, sale.json().visit._id));
    const send = () =>
      t.call({
        method: 'POST',
        url: `/api/v1/documents/${doc!.id}/email`,
        token: staff.token,
        headers: { 'idempotency-key': 'email-document-key-0001' },
        payload: {},
      });
    const first = await send();
    const again = await send();
    expect(first.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(first.json().message).toBe('Document emailed to meera@example.in');
    const rows = await db.select().from(notifications).where(sql`${notifications.meta}->>'documentId' = ${doc!.id}`);
    expect(rows).toHaveLength(1);

    expect(await deliverDue(db, transport, new Date())).toBeGreaterThanOrEqual(1);
    const mail = received.find((r) => r.includes('T-2026-27-'))!;
    expect(mail).toBeDefined();
    expect(mail).toMatch(/Subject: Tax Invoice T\/2026-27\/\d{6} from Pet DayCare Service/);
    expect(mail).toMatch(/Content-Type: application\/pdf; name=T-2026-27-\d{6}\.pdf/);
    expect(mail).toContain('Content-Disposition: attachment');
    expect(mail).toContain('JVBERi0'); // "%PDF-" in base64
    const [row] = await db.select().from(notifications).where(eq(notifications.id, rows[0]!.id));
    expect(row).toMatchObject({ status: 'sent' });
  });
});
