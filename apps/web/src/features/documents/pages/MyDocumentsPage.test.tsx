import type { AuthUser, DocumentSummary } from '@pawdesk/shared';
import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { auth } from '../../../lib/auth';
import { renderWithProviders } from '../../../test/render';
import { server } from '../../../test/server';
import MyDocumentsPage, { NO_DOCUMENTS } from './MyDocumentsPage';

const summary = (n: number, fields: Partial<DocumentSummary> = {}): DocumentSummary => ({
  _id: `6500000000000000000008${String(n).padStart(2, '0')}`,
  kind: 'tax_invoice',
  title: 'Tax Invoice',
  number: `T/2026-27/${String(n).padStart(6, '0')}`,
  date: '2026-11-25',
  total: 100 * n,
  original: null,
  ...fields,
});

beforeEach(() => {
  const user: AuthUser = {
    id: '650000000000000000000901',
    role: 'customer',
    fullName: 'Asha Verma',
    email: 'asha@example.in',
    isAdmin: false,
    phone: null,
    address: null,
  };
  auth.signIn({ success: true, token: 'test-token', user, message: 'ok' });
});

describe('MyDocumentsPage (/customer/documents)', () => {
  it('lists the owner’s documents newest first, each opening its page; Load more fetches the next page', async () => {
    const cursors: (string | null)[] = [];
    server.use(
      http.get('/api/v1/customer/documents', ({ request }) => {
        const cursor = new URL(request.url).searchParams.get('cursor');
        cursors.push(cursor);
        return cursor
          ? HttpResponse.json({ success: true, documents: [summary(1)], nextCursor: null })
          : HttpResponse.json({
              success: true,
              documents: [
                summary(3, {
                  kind: 'credit_note',
                  title: 'Credit Note',
                  number: 'C/2026-27/000001',
                  original: { _id: 'x', number: 'T/2026-27/000002' },
                }),
                summary(2),
              ],
              nextCursor: 'next-page',
            });
      }),
    );
    const { user } = renderWithProviders(<MyDocumentsPage />);
    const list = await screen.findByRole('list', { name: 'My documents' });
    const links = within(list).getAllByRole('link');
    expect(links.map((l) => l.getAttribute('aria-label'))).toEqual([
      'Credit Note C/2026-27/000001',
      'Tax Invoice T/2026-27/000002',
    ]);
    expect(links[0]).toHaveAttribute('href', '/customer/documents/650000000000000000000803');
    expect(links[0]).toHaveTextContent('against T/2026-27/000002');
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(list).findByRole('link', { name: 'Tax Invoice T/2026-27/000001' })).toBeInTheDocument();
    expect(cursors).toEqual([null, 'next-page']);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('no documents: says so', async () => {
    server.use(
      http.get('/api/v1/customer/documents', () => HttpResponse.json({ success: true, documents: [], nextCursor: null })),
    );
    renderWithProviders(<MyDocumentsPage />);
    expect(await screen.findByText(NO_DOCUMENTS)).toBeInTheDocument();
  });

  it('a failure: the message and Try Again', async () => {
    server.use(
      http.get('/api/v1/customer/documents', () =>
        HttpResponse.json({ success: false, message: 'Down for a moment' }, { status: 503 }),
      ),
    );
    renderWithProviders(<MyDocumentsPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Down for a moment');
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });
});
