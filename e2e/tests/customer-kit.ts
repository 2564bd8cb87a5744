import type { APIRequestContext, Page } from '@playwright/test';
import { apiToken, CORE_VACCINATIONS, type Credentials, expect, uniquePhone, uniqueTag } from './fixtures';

/** Helpers of the customer's subscription and wallet browser tests (customer-subscriptions, customer-wallet). */

export const SHOTS = process.env.SHOTS_DIR;
export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 900 };

/** A new customer account (signed up through the API) with `petNames` dogs registered by the customer. */
export async function newCustomerWithPets(
  request: APIRequestContext,
  petNames: string[],
): Promise<{ creds: Credentials; token: string; petIds: string[] }> {
  const tag = uniqueTag();
  const creds: Credentials = { email: `wc.${tag}@owner.test`, password: 'secret123', role: 'customer' };
  const signup = await request.post('/api/v1/auth/signup', {
    data: { fullName: `Anita ${tag}`, email: creds.email, password: creds.password, role: 'customer' },
  });
  expect(signup.status(), await signup.text()).toBe(201);
  const login = await request.post('/api/v1/auth/login', { data: creds });
  const { token } = await login.json();
  const phone = uniquePhone('7');
  const petIds: string[] = [];
  for (const name of petNames) {
    const res = await request.post('/api/v1/customer/pet/addpet', {
      headers: { authorization: token },
      data: {
        name,
        species: 'dog',
        breed: 'Beagle',
        sex: 'Male',
        color: 'Brown',
        dob: '2021-05-04',
        neutered: false,
        registrationDate: '2026-01-10',
        segment: 'Day Care',
        phone,
        address: 'Sector 45, Gurugram',
        vaccinations: CORE_VACCINATIONS,
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    petIds.push((await res.json()).pet._id);
  }
  return { creds, token, petIds };
}

/** The staff side of the tests: direct API calls with the demo staff (admin) account. */
export async function staffApi(request: APIRequestContext) {
  const headers = { authorization: await apiToken(request, 'staff') };
  return {
    async post(url: string, data: unknown, status = 200) {
      const res = await request.post(`/api/v1${url}`, { headers, data });
      expect(res.status(), `${url}: ${await res.text()}`).toBe(status);
      return res.json();
    },
    /** Moves the server's business clock (the daily jobs run after it). */
    clock(body: { advanceDays: number } | { at: null }) {
      return this.post('/test/clock', body);
    },
  };
}

/** GET as the customer. */
export async function customerGet(request: APIRequestContext, token: string, url: string) {
  const res = await request.get(`/api/v1${url}`, { headers: { authorization: token } });
  expect(res.status(), `${url}: ${await res.text()}`).toBe(200);
  return res.json();
}

/** Full-page screenshots of the page at phone width and on a desktop, when SHOTS_DIR is set. */
export async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  const size = page.viewportSize();
  for (const [label, vp] of [
    ['390', PHONE],
    ['1280', DESKTOP],
  ] as const) {
    await page.setViewportSize(vp);
    // From the top: a sticky header scrolled down would show in the middle of a full-page shot.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(150);
    await page.screenshot({ path: `${SHOTS}/${name}-${label}.png`, fullPage: true });
  }
  if (size) await page.setViewportSize(size);
}
