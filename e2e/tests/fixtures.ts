import { type APIRequestContext, expect, type Page, test as base } from '@playwright/test';

export const DEMO = {
  staff: { email: 'staff@pawdesk.test', password: 'staff123', role: 'staff' as const },
  customer: { email: 'customer@pawdesk.test', password: 'customer123', role: 'customer' as const },
};

export const STORAGE_KEYS = ['token', 'user', 'role', 'userId', 'customerId'];

/** Logs in through the API and stores the session the way the app does, then opens `path`. */
export async function loginAs(page: Page, request: APIRequestContext, who: 'staff' | 'customer', path?: string) {
  const res = await request.post('/api/v1/auth/login', { data: DEMO[who] });
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
