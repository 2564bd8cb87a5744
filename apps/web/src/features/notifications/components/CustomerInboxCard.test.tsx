import type { CustomerNotification, CustomerNotificationsResponse } from '@pawdesk/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { server } from '../../../test/server';
import { CustomerInboxCard, INBOX_CAUGHT_UP } from './CustomerInboxCard';

const entry = (n: number, fields: Partial<CustomerNotification> = {}): CustomerNotification => ({
  _id: `65000000000000000000040${n}`,
  kind: 'appointment_confirmed',
  title: `Appointment confirmed ${n}`,
  body: 'See you then!',
  link: '/customer/seeappointment',
  createdAt: '2026-11-20T04:30:00.000Z',
  readAt: null,
  ...fields,
});
const page = (notifications: CustomerNotification[], unreadCount = notifications.length): CustomerNotificationsResponse => ({
  success: true,
  notifications,
  unreadCount,
  nextCursor: null,
});

function mockInbox(answers: (CustomerNotificationsResponse | { status: number })[]) {
  const posted: unknown[] = [];
  let calls = 0;
  server.use(
    http.get('/api/v1/customer/notifications', ({ request }) => {
      expect(new URL(request.url).searchParams.get('unread')).toBe('true');
      const a = answers[Math.min(calls++, answers.length - 1)]!;
      return 'status' in a ? HttpResponse.json({ success: false, message: 'Boom' }, { status: a.status }) : HttpResponse.json(a);
    }),
    http.post('/api/v1/customer/notifications/read', async ({ request }) => {
      posted.push(await request.json());
      return HttpResponse.json({ success: true, marked: 1, unreadCount: 0 });
    }),
  );
  return posted;
}

describe('CustomerInboxCard', () => {
  it('lists the unread entries with their links; Mark read marks that one; a link leads to the whole inbox', async () => {
    const posted = mockInbox([page([entry(1), entry(2)], 7), page([entry(2)], 6)]);
    const { user } = renderWithProviders(<CustomerInboxCard />);
    const card = await screen.findByRole('region', { name: 'My notifications' });
    await within(card).findByText('Appointment confirmed 1');
    expect(within(card).getByTestId('customer-notifications-unread')).toHaveTextContent('7 unread');
    expect(within(card).getByText('and 5 more unread')).toBeInTheDocument();
    const first = within(card).getByRole('listitem', { name: 'Unread: Appointment confirmed 1' });
    expect(within(first).getByRole('link', { name: 'View' })).toHaveAttribute('href', '/customer/seeappointment');
    expect(within(card).getByRole('link', { name: 'See all notifications' })).toHaveAttribute('href', '/customer/notifications');
    await user.click(within(first).getByRole('button', { name: 'Mark read: Appointment confirmed 1' }));
    await waitFor(() => expect(posted).toEqual([{ ids: [entry(1)._id] }]));
    expect(await within(card).findByText('6 unread')).toBeInTheDocument();
  });

  it('all caught up, and an error with retry', async () => {
    mockInbox([{ status: 500 }, page([])]);
    const { user } = renderWithProviders(<CustomerInboxCard />);
    await user.click(await screen.findByRole('button', { name: /try again/i }));
    expect(await screen.findByText(INBOX_CAUGHT_UP)).toBeInTheDocument();
  });
});
