/**
 * Where a staff notification's link leads in the app. The server names the owner's statement as
 * `/staff/history?pet=<petId>&statement=1` (older notifications: `/staff/pets?…`); Pet Records (/staff/history) takes its pet and panel from navigation state
 * (spec: pages receive ids that way), so such a link opens Pet Records with the pet selected and its Account panel
 * open. Any other app path is followed as it is; anything that is not an app path is not a link.
 */
export type LinkedPanel = 'statement' | 'wallet' | 'packages' | 'subscriptions';

export interface NotificationTarget {
  to: string;
  state?: { petId: string; panel?: LinkedPanel };
  label: string;
}

/** `&statement=1`, `&wallet=1`, `&packages=1`, `&subscriptions=1`: the Pet Records panel a link opens, and its label. */
const PANELS: [LinkedPanel, string][] = [
  ['statement', 'Open statement'],
  ['wallet', 'Open wallet'],
  ['packages', 'Open boarding packages'],
  ['subscriptions', 'Open subscriptions'],
];

const ID_RE = /^[0-9a-f]{24}$/;

export function notificationTarget(link: string | null | undefined): NotificationTarget | null {
  if (!link?.startsWith('/') || link.startsWith('//')) return null;
  const url = new URL(link, 'http://app.invalid');
  const pet = url.searchParams.get('pet');
  if ((url.pathname === '/staff/pets' || url.pathname === '/staff/history') && pet && ID_RE.test(pet)) {
    const panel = PANELS.find(([name]) => url.searchParams.has(name));
    return {
      to: '/staff/history',
      state: panel ? { petId: pet, panel: panel[0] } : { petId: pet },
      label: panel ? panel[1] : 'Open pet',
    };
  }
  return { to: `${url.pathname}${url.search}`, label: 'Open' };
}
