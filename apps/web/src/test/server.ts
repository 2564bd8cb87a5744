import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';

/**
 * Reads shared by many screens that a test of another concern need not mock: the do-not-serve flags behind the
 * badges of staff lists and the customer's paused services (issue 20) answer "nobody flagged" unless a test says
 * otherwise with `server.use(...)`.
 */
const defaults = [
  http.get('/api/v1/donotserve/marks', () => HttpResponse.json({ success: true, pets: {}, owners: {} })),
  http.get('/api/v1/donotserve/subject', () => HttpResponse.json({ success: true, doNotServe: null, flags: [] })),
  http.get('/api/v1/customer/donotserve', () => HttpResponse.json({ success: true, flags: [] })),
];

/** The mock API of the web tests: each test adds the handlers it needs with `server.use(...)`. */
export const server = setupServer(...defaults);
