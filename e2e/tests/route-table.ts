/**
 * Every route of the web app's route table (apps/web/src/app/router.tsx), with the role that visits it in the
 * every-route browser suite (every-route.spec.ts). A web unit test (apps/web/src/app/route-table.test.ts) checks
 * that `pattern`s here are exactly the router's paths, so a new route cannot be left out of the suite.
 *
 * Plain data (no Playwright import): the web unit test loads this file too.
 */

export type RouteRole = 'anonymous' | 'staff' | 'customer';

/** Real records of the demo data, fetched through the API as the role that owns them (every-route.spec.ts). */
export interface DemoIds {
  /** A dog in house today (the demo's hostel stay): its boarding, the pet. */
  boardingId: string;
  boardedPetId: string;
  /** Any pet of the pet list (staff). */
  petId: string;
  /** An inventory item. */
  itemId: string;
  /** A GST document (receipt) of the demo customer, read by staff. */
  staffDocumentId: string;
  /** The demo customer's own pet and own document. */
  customerPetId: string;
  customerDocumentId: string;
}

export interface RouteCase {
  /** The path exactly as the router declares it (`:id` segments included). */
  pattern: string;
  role: RouteRole;
  /** File name of the screenshots (`test-results/routes/<width>/<name>.png`). */
  name: string;
  /** An admin-only screen: visited as the demo staff account, which is an admin. */
  admin?: true;
  /** The address to open when the pattern has parameters (real ids of the demo data) or the page a query string. */
  path?: (ids: DemoIds) => string;
  /** Navigation state the page reads its record from (spec 000 §2: pet id or item id through navigation state). */
  state?: (ids: DemoIds) => Record<string, unknown>;
  /** The page answers 'Page not found' by design (the catch-all route). */
  notFound?: true;
}

export const ROUTE_CASES: readonly RouteCase[] = [
  // Public (anonymous)
  { pattern: '/', role: 'anonymous', name: 'home' },
  { pattern: '/login', role: 'anonymous', name: 'login' },
  { pattern: '/signup', role: 'anonymous', name: 'signup' },
  { pattern: '/forgot-password', role: 'anonymous', name: 'forgot-password' },
  { pattern: '/reset-password', role: 'anonymous', name: 'reset-password' },
  { pattern: '/aboutus', role: 'anonymous', name: 'aboutus' },
  { pattern: '/contactus', role: 'anonymous', name: 'contactus' },
  { pattern: '/privacypolicy', role: 'anonymous', name: 'privacypolicy' },
  { pattern: '/refundpolicy', role: 'anonymous', name: 'refundpolicy' },
  { pattern: '/termsandcondition', role: 'anonymous', name: 'termsandcondition' },
  { pattern: '/shippingpolicy', role: 'anonymous', name: 'shippingpolicy' },
  { pattern: '/customerservice', role: 'anonymous', name: 'customerservice' },
  { pattern: '*', role: 'anonymous', name: 'not-found', path: () => '/no-such-page', notFound: true },

  // Staff (the demo staff account, an admin)
  { pattern: '/staff/history', role: 'staff', name: 'staff-history' },
  { pattern: '/staff/dashboard', role: 'staff', name: 'staff-dashboard' },
  { pattern: '/staff/pet', role: 'staff', name: 'staff-pet' },
  { pattern: '/staff/inventory', role: 'staff', name: 'staff-inventory' },
  { pattern: '/staff/inventoryList', role: 'staff', name: 'staff-inventoryList' },
  { pattern: '/staff/editinventory', role: 'staff', name: 'staff-editinventory', state: (ids) => ({ id: ids.itemId }) },
  { pattern: '/staff/alertlist', role: 'staff', name: 'staff-alertlist' },
  { pattern: '/staff/BreedManagement', role: 'staff', name: 'staff-BreedManagement' },
  { pattern: '/staff/salesSection', role: 'staff', name: 'staff-salesSection' },
  { pattern: '/staff/saleshistory', role: 'staff', name: 'staff-saleshistory' },
  { pattern: '/staff/reminders', role: 'staff', name: 'staff-reminders' },
  { pattern: '/staff/attendance', role: 'staff', name: 'staff-attendance' },
  { pattern: '/staff/petByDate', role: 'staff', name: 'staff-petByDate' },
  // New Visit without a pet (the walk-in choice) and with one (its purposes and prices).
  { pattern: '/staff/nvisit', role: 'staff', name: 'staff-nvisit' },
  { pattern: '/staff/nvisit2', role: 'staff', name: 'staff-nvisit2', state: (ids) => ({ petId: ids.petId }) },
  {
    pattern: '/staff/buysubscription',
    role: 'staff',
    name: 'staff-buysubscription',
    state: (ids) => ({ petId: ids.petId }),
  },
  { pattern: '/staff/deboard', role: 'staff', name: 'staff-deboard' },
  { pattern: '/staff/care', role: 'staff', name: 'staff-care' },
  { pattern: '/staff/occupancy', role: 'staff', name: 'staff-occupancy' },
  { pattern: '/staff/reservations', role: 'staff', name: 'staff-reservations' },
  { pattern: '/staff/prescription', role: 'staff', name: 'staff-prescription', state: (ids) => ({ petId: ids.petId }) },
  { pattern: '/staff/onlinecustomerappointment', role: 'staff', name: 'staff-onlinecustomerappointment' },
  { pattern: '/staff/prices', role: 'staff', name: 'staff-prices', admin: true },
  { pattern: '/staff/users', role: 'staff', name: 'staff-users', admin: true },
  { pattern: '/staff/account', role: 'staff', name: 'staff-account' },
  { pattern: '/staff/takings', role: 'staff', name: 'staff-takings' },
  {
    pattern: '/staff/documents/:id',
    role: 'staff',
    name: 'staff-document',
    path: (ids) => `/staff/documents/${ids.staffDocumentId}`,
  },
  { pattern: '/staff/donotserve', role: 'staff', name: 'staff-donotserve', admin: true },
  {
    pattern: '/staff/care/runcard/:boardingId',
    role: 'staff',
    name: 'staff-care-runcard',
    path: (ids) => `/staff/care/runcard/${ids.boardingId}`,
  },
  { pattern: '/staff/care/runcards', role: 'staff', name: 'staff-care-runcards' },
  { pattern: '/staff/reportcards', role: 'staff', name: 'staff-reportcards' },
  {
    pattern: '/staff/reportcards/:boardingId',
    role: 'staff',
    name: 'staff-reportcard',
    path: (ids) => `/staff/reportcards/${ids.boardingId}`,
  },
  { pattern: '/staff/import', role: 'staff', name: 'staff-import', admin: true },

  // Customer (the demo pet owner)
  { pattern: '/customer/dashboard', role: 'customer', name: 'customer-dashboard' },
  { pattern: '/customer/profile', role: 'customer', name: 'customer-profile' },
  // Booking opens with a service: from Book Services (navigation state) or from Our Services (`?service=`).
  {
    pattern: '/customer/bookservice',
    role: 'customer',
    name: 'customer-bookservice',
    state: () => ({ service: { name: 'Grooming' } }),
  },
  {
    pattern: '/customer/bookappointment',
    role: 'customer',
    name: 'customer-bookappointment',
    path: () => '/customer/bookappointment?service=veterinary',
  },
  { pattern: '/customer/seeappointment', role: 'customer', name: 'customer-seeappointment' },
  { pattern: '/customer/buysubscription', role: 'customer', name: 'customer-buysubscription' },
  { pattern: '/customer/petform', role: 'customer', name: 'customer-petform' },
  // A public path in spec 000 §2, but the pet owner's pet form (signed out it only asks to log in).
  { pattern: '/customerpetform', role: 'customer', name: 'customerpetform' },
  { pattern: '/customer/subscription', role: 'customer', name: 'customer-subscription' },
  { pattern: '/customer/viewvisit', role: 'customer', name: 'customer-viewvisit' },
  {
    pattern: '/customer/viewpetvisit/:petId',
    role: 'customer',
    name: 'customer-viewpetvisit',
    path: (ids) => `/customer/viewpetvisit/${ids.customerPetId}`,
  },
  { pattern: '/customer/documents', role: 'customer', name: 'customer-documents' },
  {
    pattern: '/customer/documents/:id',
    role: 'customer',
    name: 'customer-document',
    path: (ids) => `/customer/documents/${ids.customerDocumentId}`,
  },
  { pattern: '/customer/notifications', role: 'customer', name: 'customer-notifications' },
  { pattern: '/customer/reportcards', role: 'customer', name: 'customer-reportcards' },
];
