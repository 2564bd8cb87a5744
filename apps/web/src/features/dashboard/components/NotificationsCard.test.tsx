import type { StaffNotification, StaffNotificationsResponse } from '@pawdesk/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { server } from '../../../test/server';
import { NotificationsCard } from './NotificationsCard';
import { notificationTarget } from './notification-target';

const PET = '650000000000000000000012';

const notice = (n: number, fields: Partial<StaffNotification> = {}): StaffNotification => ({
  _id: `65000000000000000000020${n}`,
  kind: 'unapplied_payment',
  title: `₹${n}00.00 received that pays no sale`,
  body: 'It is held on the owner’s unapplied balance: refund it or apply it to a sale from the owner’s statement.',
  link: `/staff/history?pet=${PET}&statement=1`,
  createdAt: '2026-11-20T04:30:00.000Z',
  readAt: null,
  ...fields,
});

const page = (notifications: StaffNotification[], unreadCount = notifications.length): StaffNotificationsResponse => ({
  success: true,
  notifications,
  unreadCount,
  nextCursor: null,
});

/** GET /staff/notifications answering `answers` in turn (the last one again); POST .../read keeping the bodies. */
function mockInbox(answers: (StaffNotificationsResponse | { status: number })[]) {
  const posted: unknown[] = [];
  let calls = 0;
  server.use(
    http.get('/api/v1/staff/notifications', ({ request }) => {
      const url = new URL(request.url);
      expect(url.searchParams.get('unread')).toBe('true');
      expect(url.searchParams.get('limit')).toBe('5');
      const a = answers[Math.min(calls++, answers.length - 1)]!;
      return 'status' in a ? HttpResponse.json({ success: false, message: 'Boom' }, { status: a.status }) : HttpResponse.json(a);
    }),
    http.post('/api/v1/staff/notifications/read', async ({ request }) => {
      posted.push(await request.json());
      return HttpResponse.json({ success: true, marked: 1, unreadCount: 0 });
    }),
  );
  return posted;
}

function Landed() {
  const { pathname, state } = useLocation();
  return <p>{`Landed on ${pathname} with ${JSON.stringify(state)}`}</p>;
}

describe('notificationTarget', () => {
  it.each([
    [
      `/staff/history?pet=${PET}&statement=1`,
      { to: '/staff/history', state: { petId: PET, panel: 'statement' }, label: 'Open statement' },
    ],
    [`/staff/history?pet=${PET}`, { to: '/staff/history', state: { petId: PET }, label: 'Open pet' }],
    [
      `/staff/history?pet=${PET}&packages=1`,
      { to: '/staff/history', state: { petId: PET, panel: 'packages' }, label: 'Open boarding packages' },
    ],
    [
      `/staff/history?pet=${PET}&wallet=1`,
      { to: '/staff/history', state: { petId: PET, panel: 'wallet' }, label: 'Open wallet' },
    ],
    ['/staff/deboard', { to: '/staff/deboard', label: 'Open' }],
    ['/staff/history?pet=not-an-id&statement=1', { to: '/staff/history?pet=not-an-id&statement=1', label: 'Open' }],
    ['https://evil.example/x', null],
    ['//evil.example/x', null],
    [null, null],
  ])('%s → %j', (link, target) => {
    expect(notificationTarget(link)).toEqual(target);
  });
});

describe('NotificationsCard', () => {
  it('shows the unread count and the latest unread ones, each with its time and a link to the screen that deals with it', async () => {
    mockInbox([page([notice(3), notice(2, { link: null })], 7)]);
    const { user } = renderWithProviders(<NotificationsCard />, { routes: { '/staff/history': <Landed /> } });
    expect(await screen.findByText('7 unread')).toHaveAttribute('data-testid', 'notifications-unread');
    const items = screen.getAllByTestId('staff-notification');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('₹300.00 received that pays no sale');
    expect(items[0]).toHaveTextContent('refund it or apply it');
    expect(items[0]).toHaveTextContent('20 Nov 2026, 10:00 am');
    expect(within(items[1]!).queryByRole('link')).not.toBeInTheDocument();
    expect(screen.getByText('and 5 more unread')).toBeInTheDocument();
    await user.click(within(items[0]!).getByRole('link', { name: 'Open statement' }));
    expect(await screen.findByText(`Landed on /staff/history with {"petId":"${PET}","panel":"statement"}`)).toBeInTheDocument();
  });

  it('Mark read marks that one and refreshes the card', async () => {
    const posted = mockInbox([page([notice(3), notice(2)]), page([notice(2)])]);
    const { user } = renderWithProviders(<NotificationsCard />);
    await user.click(await screen.findByRole('button', { name: 'Mark read: ₹300.00 received that pays no sale' }));
    await waitFor(() => expect(posted).toEqual([{ ids: [notice(3)._id] }]));
    await waitFor(() => expect(screen.getAllByTestId('staff-notification')).toHaveLength(1));
    expect(screen.getByTestId('notifications-unread')).toHaveTextContent('1 unread');
  });

  it('Mark all read marks every one; then all is caught up and the button goes', async () => {
    const posted = mockInbox([page([notice(3), notice(2)], 9), page([])]);
    const { user } = renderWithProviders(<NotificationsCard />);
    await user.click(await screen.findByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(posted).toEqual([{ all: true }]));
    expect(await screen.findByText('Nothing needs your attention.')).toBeInTheDocument();
    expect(screen.getByTestId('notifications-unread')).toHaveTextContent('All caught up');
    expect(screen.queryByRole('button', { name: 'Mark all read' })).not.toBeInTheDocument();
  });

  it('a failed load says so, with Try Again', async () => {
    mockInbox([{ status: 500 }, page([notice(4)])]);
    const { user } = renderWithProviders(<NotificationsCard />);
    expect(screen.getByLabelText('Loading notifications')).toBeInTheDocument();
    expect(await screen.findByText('Failed to load notifications')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('₹400.00 received that pays no sale')).toBeInTheDocument();
  });
});
