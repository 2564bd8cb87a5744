import type { StaffNotification, StaffNotificationsResponse } from '@pawdesk/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { server } from '../../test/server';
import InboxBell, { BELL_EMPTY } from './InboxBell';
import StaffLive from './StaffLive';

const notice = (n: number, fields: Partial<StaffNotification> = {}): StaffNotification => ({
  _id: `65000000000000000000030${n}`,
  kind: 'appointment_booked',
  title: `Booking ${n}`,
  body: `Body ${n}`,
  link: '/staff/onlinecustomerappointment',
  createdAt: '2026-11-20T04:30:00.000Z',
  readAt: null,
  ...fields,
});
const page = (notifications: StaffNotification[], unreadCount: number): StaffNotificationsResponse => ({
  success: true,
  notifications,
  unreadCount,
  nextCursor: null,
});

/** GET /staff/notifications answering `pages` in turn (the last again), POST …/read recording bodies. */
function mockInbox(pages: StaffNotificationsResponse[]) {
  const posted: unknown[] = [];
  let gets = 0;
  server.use(
    http.get('/api/v1/staff/notifications', () => HttpResponse.json(pages[Math.min(gets++, pages.length - 1)]!)),
    http.post('/api/v1/staff/notifications/read', async ({ request }) => {
      posted.push(await request.json());
      return HttpResponse.json({ success: true, marked: 1, unreadCount: 0 });
    }),
  );
  return { posted, gets: () => gets };
}

/** The live stream: answers once with an open stream; `push` sends an event on it. */
function mockStream() {
  const enc = new TextEncoder();
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  let opened = 0;
  server.use(
    http.get('/api/v1/staff/notifications/stream', ({ request }) => {
      expect(request.headers.get('accept')).toBe('text/event-stream');
      opened++;
      const body = new ReadableStream<Uint8Array>({
        start(c) {
          controller = c;
          c.enqueue(enc.encode('retry: 3000\nevent: ready\ndata: {"unreadCount":1}\n\n'));
        },
      });
      return new HttpResponse(body, { headers: { 'content-type': 'text/event-stream' } });
    }),
  );
  return {
    opened: () => opened,
    push: (event: string, data: unknown) =>
      controller!.enqueue(enc.encode(`: heartbeat\n\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`)),
  };
}

describe('the staff bell', () => {
  it('shows the unread count; its dropdown lists the latest with links; mark one and mark all read', async () => {
    const read = notice(1, { readAt: '2026-11-20T05:00:00.000Z', title: 'Old one' });
    const inbox = mockInbox([page([notice(2), read], 1)]);
    const { user } = renderWithProviders(<InboxBell />);
    const bell = await screen.findByRole('button', { name: 'Notifications: 1 unread' });
    expect(screen.getByTestId('inbox-bell')).toHaveAttribute('data-count', '1');
    await user.click(bell);
    const dropdown = await screen.findByRole('dialog', { name: 'Recent notifications' });
    const items = within(dropdown).getAllByRole('listitem');
    expect(items.map((i) => i.getAttribute('aria-label'))).toEqual(['Unread: Booking 2', 'Old one']);
    expect(within(items[0]!).getByRole('link', { name: 'Open' })).toHaveAttribute('href', '/staff/onlinecustomerappointment');
    // A read one offers no Mark read.
    expect(within(items[1]!).queryByRole('button', { name: /Mark read/ })).toBeNull();
    await user.click(within(items[0]!).getByRole('button', { name: 'Mark read: Booking 2' }));
    await waitFor(() => expect(inbox.posted).toEqual([{ ids: [notice(2)._id] }]));
    await user.click(within(dropdown).getByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(inbox.posted).toEqual([{ ids: [notice(2)._id] }, { all: true }]));
  });

  it('says when there is nothing', async () => {
    mockInbox([page([], 0)]);
    const { user } = renderWithProviders(<InboxBell />);
    await user.click(await screen.findByRole('button', { name: 'Notifications: none unread' }));
    expect(await screen.findByText(BELL_EMPTY)).toBeInTheDocument();
  });

  it('a pushed notification appears in the count and the list without a reload, and is announced', async () => {
    const inbox = mockInbox([page([notice(1)], 1)]);
    const stream = mockStream();
    const { user } = renderWithProviders(
      <>
        <StaffLive />
        <InboxBell />
      </>,
    );
    await screen.findByRole('button', { name: 'Notifications: 1 unread' });
    await waitFor(() => expect(stream.opened()).toBe(1));
    const getsBefore = inbox.gets();
    stream.push('notification', notice(5, { title: 'New booking: Grooming for Bruno' }));
    expect(await screen.findByRole('button', { name: 'Notifications: 2 unread' })).toBeInTheDocument();
    expect(screen.getByTestId('staff-live-announcer')).toHaveTextContent('New notification: New booking: Grooming for Bruno');
    await user.click(screen.getByRole('button', { name: 'Notifications: 2 unread' }));
    const dropdown = await screen.findByRole('dialog', { name: 'Recent notifications' });
    expect(within(dropdown).getAllByRole('listitem')[0]).toHaveAccessibleName('Unread: New booking: Grooming for Bruno');
    // The same notification pushed twice (a reconnect) is counted once; no reload was needed for it.
    stream.push('notification', notice(5, { title: 'New booking: Grooming for Bruno' }));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getByTestId('inbox-bell')).toHaveAttribute('data-count', '2');
    expect(inbox.gets()).toBe(getsBefore);
  });

  it('reloads the list when the server asks (resync)', async () => {
    const inbox = mockInbox([page([notice(1)], 1), page([notice(3), notice(1)], 2)]);
    const stream = mockStream();
    renderWithProviders(
      <>
        <StaffLive />
        <InboxBell />
      </>,
    );
    await screen.findByRole('button', { name: /Notifications: \d unread/ });
    await waitFor(() => expect(stream.opened()).toBe(1));
    const before = inbox.gets();
    stream.push('resync', {});
    await waitFor(() => expect(inbox.gets()).toBeGreaterThan(before));
    expect(await screen.findByRole('button', { name: 'Notifications: 2 unread' })).toBeInTheDocument();
  });
});
