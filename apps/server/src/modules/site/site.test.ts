import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.ts';

const t = useTestApp();

describe('site', () => {
  it('lists the service catalogue with durations and prices in rupees', async () => {
    const res = await t.call({ method: 'GET', url: '/api/v1/customerservices/getallservices' });
    expect(res.statusCode).toBe(200);
    const data = res.json().data as { name: string; duration: number; price: number }[];
    expect(data.map((s) => [s.name, s.duration, s.price])).toEqual([
      ['Boarding/Hostel', 1440, 1000],
      ['Day Boarding/Hostel', 1440, 1000],
      ['Day School', 480, 650],
      ['Dog Park', 180, 350],
      ['Grooming', 60, 700],
      ['Play School', 120, 450],
    ]);
  });

  it('stores a contact message', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/v1/contact',
      payload: { name: 'Ira', email: 'ira@x.in', phone: '9876543210', comment: 'Do you board cats?' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ success: true, message: 'Form submitted successfully!' });
    const rows = await t.database.db.execute('select name, email, phone, comment from contact_messages');
    expect((rows as unknown as { rows: unknown[] }).rows ?? rows).toEqual([
      { name: 'Ira', email: 'ira@x.in', phone: '9876543210', comment: 'Do you board cats?' },
    ]);
  });

  it.each([
    [{ email: 'a@b.in', comment: 'hi' }, 'name', 'Name is required'],
    [{ name: 'A', comment: 'hi' }, 'email', 'Email is required'],
    [{ name: 'A', email: 'nope', comment: 'hi' }, 'email', 'Email format is invalid'],
    [{ name: 'A', email: 'a@b.in', comment: ' ' }, 'comment', 'Comment is required'],
    [{ name: 'A', email: 'a@b.in', comment: 'hi', phone: '12' }, 'phone', 'Enter a valid 10-digit phone number'],
  ])('rejects a contact form %j', async (payload, field, message) => {
    const res = await t.call({ method: 'POST', url: '/api/v1/contact', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toBe(message);
  });

  it('reports health and the database kind', async () => {
    const res = await t.call({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    // The fields monitors read stay; the outbox and job fields beside them are plugins/health.test.ts's.
    expect(res.json()).toMatchObject({ status: 'ok', database: process.env.DATABASE_URL ? 'postgres' : 'pglite' });
  });

  it('answers unknown API routes and malformed JSON with the error shape', async () => {
    const a = await t.call({ method: 'GET', url: '/api/v1/nope' });
    expect(a.statusCode).toBe(404);
    expect(a.json().success).toBe(false);
    const b = await t.call({
      method: 'POST',
      url: '/api/v1/contact',
      headers: { 'content-type': 'application/json' },
      payload: '{bad',
    });
    expect(b.statusCode).toBe(400);
    expect(b.json()).toEqual({ success: false, message: 'Request body is not valid JSON' });
  });

  it('serves the OpenAPI document', async () => {
    const res = await t.call({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().paths['/api/v1/auth/login']).toBeDefined();
  });

  it('sets security headers', async () => {
    const res = await t.call({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    const refused = await t.call({ method: 'GET', url: '/api/v1/pet/getallpets' });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(refused.headers['strict-transport-security']).toContain('max-age=');
    // The camera for a pet's photo (issue 20); the rest off.
    expect(res.headers['permissions-policy']).toContain('camera=(self)');
    expect(res.headers['permissions-policy']).toContain('geolocation=()');
    expect(res.headers['permissions-policy']).toContain('microphone=()');
  });
});
