import { DOCUMENT_MESSAGES } from '@pawdesk/shared';
import { IDEMPOTENCY_HEADER } from '@pawdesk/shared/idempotency';
import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { server } from '../../../test/server';
import { DOC_ID, taxDocument } from '../test/kit';
import { DocumentView } from './DocumentView';

const confirmMock = vi.hoisted(() => vi.fn(async (_: { message: string }) => true));
vi.mock('../../../components/confirm', () => ({ confirm: confirmMock }));

beforeEach(() => confirmMock.mockClear());

const serveDocument = (doc = taxDocument()) =>
  server.use(http.get(`/api/v1/documents/${doc._id}`, () => HttpResponse.json({ success: true, document: doc })));

describe('DocumentView (/staff/documents/:id, /customer/documents/:id)', () => {
  it('unknown (404) or malformed (400) id: Document not found', async () => {
    server.use(
      http.get('/api/v1/documents/:id', ({ params }) =>
        params.id === 'abc'
          ? HttpResponse.json({ success: false, message: 'Invalid id' }, { status: 400 })
          : HttpResponse.json({ success: false, message: DOCUMENT_MESSAGES.notFound }, { status: 404 }),
      ),
    );
    const first = renderWithProviders(<DocumentView id={DOC_ID} area="staff" />);
    expect(await screen.findByText('Document not found')).toBeInTheDocument();
    first.unmount();
    renderWithProviders(<DocumentView id="abc" area="customer" />);
    expect(await screen.findByText('Document not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My documents' })).toHaveAttribute('href', '/customer/documents');
  });

  it('another failure: the server’s message and Try Again, which loads it', async () => {
    let fail = true;
    server.use(
      http.get(`/api/v1/documents/${DOC_ID}`, () =>
        fail
          ? HttpResponse.json({ success: false, message: 'Something broke' }, { status: 500 })
          : HttpResponse.json({ success: true, document: taxDocument() }),
      ),
    );
    const { user } = renderWithProviders(<DocumentView id={DOC_ID} area="staff" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Something broke');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByTestId('tax-document')).toBeInTheDocument();
  });

  it('staff: Print, Download PDF and Email to owner; email asks first, sends once with an Idempotency-Key, and says where it went', async () => {
    serveDocument();
    const posts: (string | null)[] = [];
    server.use(
      http.post(`/api/v1/documents/${DOC_ID}/email`, ({ request }) => {
        posts.push(request.headers.get(IDEMPOTENCY_HEADER));
        return HttpResponse.json({ success: true, message: 'Document emailed to asha@example.in' });
      }),
    );
    const print = vi.fn();
    vi.stubGlobal('print', print);
    const { user } = renderWithProviders(<DocumentView id={DOC_ID} area="staff" />);
    await screen.findByTestId('tax-document');
    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledOnce();
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Email to owner' }));
    expect(confirmMock).toHaveBeenCalledOnce();
    expect(confirmMock.mock.calls[0]![0].message).toBe('Email Tax Invoice T/2026-27/000001 to asha@example.in?');
    expect(await screen.findByText('Document emailed to asha@example.in')).toBeInTheDocument();
    expect(posts).toHaveLength(1);
    expect(posts[0]).toBeTruthy();
    vi.unstubAllGlobals();
  });

  it('email refused by the server: its message; cancelled at the confirmation: nothing sent', async () => {
    serveDocument();
    let posts = 0;
    server.use(
      http.post(`/api/v1/documents/${DOC_ID}/email`, () => {
        posts++;
        return HttpResponse.json({ success: false, message: 'Mail is not set up' }, { status: 409 });
      }),
    );
    const { user } = renderWithProviders(<DocumentView id={DOC_ID} area="staff" />);
    await screen.findByTestId('tax-document');
    confirmMock.mockResolvedValueOnce(false);
    await user.click(screen.getByRole('button', { name: 'Email to owner' }));
    await waitFor(() => expect(confirmMock).toHaveBeenCalledOnce());
    expect(posts).toBe(0);
    await user.click(screen.getByRole('button', { name: 'Email to owner' }));
    expect(await screen.findByText('Mail is not set up')).toBeInTheDocument();
    expect(posts).toBe(1);
  });

  it('an owner with no email: Email to owner is disabled and says why', async () => {
    serveDocument(taxDocument({ buyer: { ...taxDocument().buyer, email: null } }));
    renderWithProviders(<DocumentView id={DOC_ID} area="staff" />);
    await screen.findByTestId('tax-document');
    expect(screen.getByRole('button', { name: 'Email to owner' })).toBeDisabled();
    expect(screen.getByText(DOCUMENT_MESSAGES.noEmail)).toBeInTheDocument();
  });

  it('staff Back: to where they came from; opened directly, to Visit History', async () => {
    serveDocument();
    const { user } = renderWithProviders(<DocumentView id={DOC_ID} area="staff" />, {
      route: `/staff/documents/${DOC_ID}`,
      routes: { '/staff/saleshistory': <p>Visit History</p> },
    });
    await screen.findByTestId('tax-document');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByText('Visit History')).toBeInTheDocument();
  });

  it('the customer: Print and Download PDF, no email; back to My documents', async () => {
    serveDocument();
    renderWithProviders(<DocumentView id={DOC_ID} area="customer" />);
    await screen.findByTestId('tax-document');
    expect(screen.getByRole('button', { name: 'Print' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Email to owner' })).toBeNull();
    expect(screen.getByRole('link', { name: 'My documents' })).toHaveAttribute('href', '/customer/documents');
  });

  it('Download PDF saves the server’s file under its Content-Disposition name; a failure says so', async () => {
    serveDocument();
    let ok = true;
    server.use(
      http.get(`/api/v1/documents/${DOC_ID}/pdf`, () =>
        ok
          ? new HttpResponse(new Uint8Array([37, 80, 68, 70]), {
              headers: {
                'content-type': 'application/pdf',
                'content-disposition': 'attachment; filename="T-2026-27-000001.pdf"',
              },
            })
          : HttpResponse.json({ success: false, message: DOCUMENT_MESSAGES.notFound }, { status: 404 }),
      ),
    );
    const saved: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const { user } = renderWithProviders(<DocumentView id={DOC_ID} area="customer" />);
    await screen.findByTestId('tax-document');
    await user.click(screen.getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(saved).toEqual(['T-2026-27-000001.pdf']));
    ok = false;
    await user.click(screen.getByRole('button', { name: 'Download PDF' }));
    expect(await screen.findByText(DOCUMENT_MESSAGES.notFound)).toBeInTheDocument();
    expect(saved).toHaveLength(1);
    click.mockRestore();
  });
});
