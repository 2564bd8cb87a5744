/**
 * Where a staff notification's link leads in the app. The server names the owner's statement as
 * `/staff/history?pet=<petId>&statement=1` (older notifications: `/staff/pets?…`); Pet Records (/staff/history) takes its pet and panel from navigation state
 * (spec: pages receive ids that way), so such a link opens Pet Records with the pet selected and its Account panel
 * open. Any other app path is followed as it is; anything that is not an app path is not a link.
 */
export interface NotificationTarget {
  to: string;
  state?: { petId: string; panel?: 'statement' };
  label: string;
}

const ID_RE = /^[0-9a-f]{24}$/;

export function notificationTarget(link: string | null | undefined): NotificationTarget | null {
  if (!link?.startsWith('/') || link.startsWith('//')) return null;
  const url = new URL(link, 'http://app.invalid');
  const pet = url.searchParams.get('pet');
  if ((url.pathname === '/staff/pets' || url.pathname === '/staff/history') && pet && ID_RE.test(pet)) {
    const statement = url.searchParams.has('statement');
    return {
      to: '/staff/history',
      state: statement ? { petId: pet, panel: 'statement' } : { petId: pet },
      label: statement ? 'Open statement' : 'Open pet',
    };
  }
  return { to: `${url.pathname}${url.search}`, label: 'Open' };
}
