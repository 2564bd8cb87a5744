import type { DocumentSummary, VisitDetails } from '@pawdesk/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { mockRefundApi, signInStaff, VISIT_ID } from '../../test/refund-kit';
import { server } from '../../test/server';
import { VisitDetailDialog } from './VisitDetailDialog';
import { visit } from './visit-kit';

const summary = (id: string, kind: DocumentSummary['kind'], title: string, number: string, total: number): DocumentSummary => ({
  _id: id,
  kind,
  title,
  number,
  date: '2026-11-01',
  total,
  original: null,
});

const TAX_INVOICE = summary('650000000000000000000501', 'tax_invoice', 'Tax Invoice', 'T/2026-27/000001', 850);
const RECEIPT = summary('650000000000000000000202', 'receipt', 'Receipt', '2026-27/000007', 850);
const CREDIT_NOTE = summary('650000000000000000000502', 'credit_note', 'Credit Note', 'C/2026-27/000001', 850);

/** The visit (id VISIT_ID, as the refund kit expects) and its documents; counts the reads of each. */
function serve(v: VisitDetails, docs: () => DocumentSummary[]) {
  const reads = { details: 0, documents: 0 };
  server.use(
    http.get(`/api/v1/visit/getvisitdetails/${VISIT_ID}`, () => {
      reads.details++;
      return HttpResponse.json({ success: true, data: v });
    }),
    http.get('/api/v1/documents', ({ request }) => {
      if (new URL(request.url).searchParams.get('visitId') !== VISIT_ID) return HttpResponse.json({}, { status: 500 });
      reads.documents++;
      return HttpResponse.json({ success: true, documents: docs() });
    }),
  );
  return reads;
}

const vet = (fields: Partial<VisitDetails> = {}) => visit('Veterinary', { _id: VISIT_ID, ...fields });

const open = () => renderWithProviders(<VisitDetailDialog visitId={VISIT_ID} purpose="Veterinary" onClose={() => {}} />);

describe('VisitDetailDialog: the ledger links to its documents; admins void and refund (issue 17)', () => {
  it('each ledger row links to its document: the charge to its tax invoice, the payment to its receipt', async () => {
    signInStaff(false);
    serve(vet(), () => [RECEIPT, TAX_INVOICE]);
    open();
    const ledger = await screen.findByRole('region', { name: 'Ledger' });
    const [charge, payment] = await within(ledger).findAllByRole('listitem');
    const invoice = await within(charge!).findByRole('link', { name: 'Tax Invoice T/2026-27/000001' });
    expect(invoice).toHaveAttribute('href', '/staff/documents/650000000000000000000501');
    expect(within(payment!).getByRole('link', { name: 'Receipt 2026-27/000007' })).toHaveAttribute(
      'href',
      '/staff/documents/650000000000000000000202',
    );
  });

  it('a document no ledger row claims is still listed, under Documents', async () => {
    signInStaff(false);
    serve(vet(), () => [summary('650000000000000000000503', 'tax_invoice', 'Tax Invoice', 'T/2026-27/000005', 99)]);
    open();
    const others = await screen.findByLabelText('Other documents');
    expect(within(others).getByRole('link', { name: 'Tax Invoice T/2026-27/000005' })).toBeInTheDocument();
  });

  it('a plain staff member sees no money actions; an admin sees Cancel & refund and Void visit; a voided visit none', async () => {
    signInStaff(false);
    serve(vet(), () => []);
    const plain = open();
    await screen.findByRole('region', { name: 'Ledger' });
    expect(screen.queryByRole('button', { name: 'Void visit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel & refund' })).toBeNull();
    plain.unmount();

    signInStaff(true);
    const admin = open();
    await screen.findByRole('region', { name: 'Ledger' });
    expect(screen.getByRole('button', { name: 'Void visit' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel & refund' })).toBeInTheDocument();
    admin.unmount();

    serve(vet({ voided: { at: '2026-11-02T06:00:00.000Z', reason: 'Entered twice' } }), () => []);
    open();
    await screen.findByText('Voided: Entered twice');
    expect(screen.queryByRole('button', { name: 'Void visit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel & refund' })).toBeNull();
  });

  it('a sale already cancelled offers only Void visit', async () => {
    signInStaff(true);
    const v = vet();
    v.details.payment = { ...v.details.payment, credited: 200, charged: 650 };
    serve(v, () => []);
    open();
    await screen.findByRole('region', { name: 'Ledger' });
    expect(screen.getByRole('button', { name: 'Void visit' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel & refund' })).toBeNull();
  });

  it('Void visit from the dialog: the reason, the void, and the visit and its documents are read again (the credit note shows)', async () => {
    signInStaff(true);
    let voided = false;
    const reads = serve(vet(), () => (voided ? [CREDIT_NOTE, RECEIPT, TAX_INVOICE] : [RECEIPT, TAX_INVOICE]));
    const posted = mockRefundApi();
    const { user } = open();
    await screen.findByRole('link', { name: 'Tax Invoice T/2026-27/000001' });
    const before = { ...reads };
    await user.click(screen.getByRole('button', { name: 'Void visit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Void visit' });
    await user.type(within(dialog).getByLabelText(/Reason for voiding/), 'Entered twice');
    voided = true;
    await user.click(within(dialog).getByRole('button', { name: 'Void visit' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ path: '/visit/voidvisit', body: { visitId: VISIT_ID, reason: 'Entered twice' } });
    expect(await screen.findByRole('link', { name: 'Credit Note C/2026-27/000001' })).toBeInTheDocument();
    expect(reads.details).toBeGreaterThan(before.details);
    expect(reads.documents).toBeGreaterThan(before.documents);
  });
});
