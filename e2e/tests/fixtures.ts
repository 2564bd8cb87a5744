import { type APIRequestContext, expect, type Page, test as base } from '@playwright/test';

export const DEMO = {
  staff: { email: 'staff@pawdesk.test', password: 'staff123', role: 'staff' as const },
  customer: { email: 'customer@pawdesk.test', password: 'customer123', role: 'customer' as const },
};

export const STORAGE_KEYS = ['token', 'user', 'role', 'userId', 'customerId'];

/** Logs in as a demo account through the API and stores the session the way the app does, then opens `path`. */
export function loginAs(page: Page, request: APIRequestContext, who: 'staff' | 'customer', path?: string) {
  return loginWith(page, request, DEMO[who], path);
}

export interface Credentials {
  email: string;
  password: string;
  role: 'staff' | 'customer';
}

/** A new staff account that is not an admin (the demo admin creates it), for permission tests. */
export async function newPlainStaff(request: APIRequestContext): Promise<Credentials> {
  const email = `plain.${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@staff.test`;
  const res = await request.post('/api/v1/admin/users', {
    headers: { authorization: await apiToken(request, 'staff') },
    data: { fullName: 'Plain Staff', email, password: 'plain-123' },
  });
  expect(res.status()).toBe(201);
  return { email, password: 'plain-123', role: 'staff' };
}

/** Logs in with these credentials through the API and stores the session the way the app does, then opens `path`. */
export async function loginWith(page: Page, request: APIRequestContext, creds: Credentials, path?: string) {
  const res = await request.post('/api/v1/auth/login', { data: creds });
  expect(res.ok()).toBeTruthy();
  const body = await res.json();
  await page.goto('/aboutus');
  await page.evaluate((b) => {
    localStorage.setItem('token', b.token);
    localStorage.setItem('user', JSON.stringify(b.user));
    localStorage.setItem('role', b.user.role);
    localStorage.setItem('userId', b.user.id);
    if (b.user.customer_id) localStorage.setItem('customerId', b.user.customer_id);
  }, body);
  if (path) await page.goto(path);
  return body as { token: string; user: { id: string; fullName: string } };
}

/** A token for direct API calls in tests. */
export async function apiToken(request: APIRequestContext, who: 'staff' | 'customer'): Promise<string> {
  const res = await request.post('/api/v1/auth/login', { data: DEMO[who] });
  return (await res.json()).token;
}

export const test = base;
export { expect };
