import type { Role } from '@pawdesk/shared';

export interface NavLink {
  label: string;
  to: string;
  /** On a wide screen the entry opens a menu of these pages (its own `to` is where it leads without the menu). */
  children?: NavLink[];
}

export const PUBLIC_NAV: NavLink[] = [
  { label: 'Home', to: '/' },
  { label: 'About us', to: '/aboutus' },
  { label: 'Contact us', to: '/contactus' },
  { label: 'Login', to: '/login' },
  { label: 'Sign up', to: '/signup' },
];

/** Staff navigation (spec 000 §2). */
export const STAFF_NAV: NavLink[] = [
  { label: 'Home', to: '/' },
  { label: 'Deboard', to: '/staff/deboard' },
  { label: 'Care', to: '/staff/care' },
  {
    label: 'Reservations',
    to: '/staff/reservations',
    children: [
      { label: 'Reservations', to: '/staff/reservations' },
      { label: 'Occupancy', to: '/staff/occupancy' },
      { label: 'Report Cards', to: '/staff/reportcards' },
      { label: 'Online Appointments', to: '/staff/onlinecustomerappointment' },
    ],
  },
  { label: 'Pet Master', to: '/staff/history' },
  { label: 'Inventory', to: '/staff/inventoryList' },
  {
    label: 'Sales',
    to: '/staff/saleshistory',
    children: [
      { label: 'Visit History', to: '/staff/saleshistory' },
      { label: 'Visits by Pet', to: '/staff/salesSection' },
      { label: 'Pets by Date', to: '/staff/petByDate' },
      { label: "Day's Takings", to: '/staff/takings' },
    ],
  },
  { label: 'Reminders', to: '/staff/reminders' },
];

/** The mobile staff menu also reaches registrations by date (where the spec's mobile 'Sales' pointed). */
export const STAFF_MOBILE_EXTRA: NavLink[] = [
  { label: 'Dashboard', to: '/staff/dashboard' },
  { label: 'Occupancy', to: '/staff/occupancy' },
  { label: 'Report Cards', to: '/staff/reportcards' },
  { label: 'Online Appointments', to: '/staff/onlinecustomerappointment' },
  { label: 'Pets by Date', to: '/staff/petByDate' },
  { label: 'Visits by Pet', to: '/staff/salesSection' },
  { label: "Day's Takings", to: '/staff/takings' },
  { label: 'My Account', to: '/staff/account' },
];

/** Customer navigation: booking, their appointments (issue 19), subscriptions and visits. */
export const CUSTOMER_NAV: NavLink[] = [
  { label: 'Home', to: '/' },
  { label: 'Book Services', to: '/customerservice' },
  { label: 'My Appointments', to: '/customer/seeappointment' },
  { label: 'Subscriptions', to: '/customer/subscription' },
  { label: 'Visits', to: '/customer/viewvisit' },
  { label: 'Report Cards', to: '/customer/reportcards' },
];

export function navFor(role: Role | undefined): NavLink[] {
  if (role === 'staff') return STAFF_NAV;
  if (role === 'customer') return CUSTOMER_NAV;
  return PUBLIC_NAV;
}
