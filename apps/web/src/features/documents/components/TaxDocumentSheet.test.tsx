import { formatINR } from '@pawdesk/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { line, taxDocument } from '../test/kit';
import { TaxDocumentSheet } from './TaxDocumentSheet';

const show = (doc = taxDocument()) =>
  renderWithProviders(<TaxDocumentSheet doc={doc} documentHref={(id) => `/staff/documents/${id}`} />);

const headers = () =>
  within(screen.getByRole('region', { name: 'Lines' }))
    .getAllByRole('columnheader')
    .map((h) => h.textContent);
const totals = () =>
  Object.fromEntries(
    within(screen.getByRole('table', { name: 'Totals' }))
      .getAllByRole('row')
      .map((r) => [r.children[0]?.textContent, r.children[1]?.textContent]),
  );

describe('TaxDocumentSheet (issue 17: the printable document)', () => {
  it('a tax invoice within the state: letterhead with GSTIN, title, number, date, buyer, place of supply, CGST and SGST, totals, amount in words', () => {
    show();
    const sheet = screen.getByTestId('tax-document');
    expect(sheet).toHaveAccessibleName('Tax Invoice T/2026-27/000001');
    expect(screen.getByRole('heading', { name: 'Pet DayCare Service' })).toBeInTheDocument();
    expect(sheet).toHaveTextContent('GSTIN 06AAACP1234C1Z5 · Haryana (06)');
    expect(screen.getByRole('heading', { name: 'Tax Invoice' })).toBeInTheDocument();
    expect(sheet).toHaveTextContent('T/2026-27/000001');
    expect(sheet).toHaveTextContent('Date 25 Nov 2026');
    expect(sheet).toHaveTextContent('Bill to');
    expect(sheet).toHaveTextContent('Asha Verma');
    expect(sheet).toHaveTextContent('Place of supply');
    expect(sheet).toHaveTextContent('Haryana (06)');
    expect(sheet).toHaveTextContent('Grooming · Bruno');
    expect(headers()).toEqual(['#', 'Description', 'SAC/HSN', 'Qty', 'Rate', 'GST', 'Taxable', 'CGST', 'SGST', 'Total']);
    const cells = within(screen.getByRole('region', { name: 'Lines' }))
      .getAllByRole('row')[1]!
      .querySelectorAll('td');
    expect([...cells].map((c) => c.textContent)).toEqual([
      '1',
      'Grooming',
      'SAC 999729',
      '1',
      formatINR(1000),
      '18%',
      formatINR(1000),
      formatINR(90),
      formatINR(90),
      formatINR(1180),
    ]);
    expect(totals()).toEqual({
      'Taxable value': formatINR(1000),
      CGST: formatINR(90),
      SGST: formatINR(90),
      Total: formatINR(1180),
    });
    expect(sheet).toHaveTextContent('Amount in words: Rupees One Thousand One Hundred Eighty Only');
    // Nothing due: no due line, no QR code.
    expect(screen.queryByTestId('upi-qr')).toBeNull();
    expect(sheet).not.toHaveTextContent('Still due');
  });

  it('a buyer in another state with a GSTIN: IGST only, and the buyer’s GSTIN and state', () => {
    show(
      taxDocument({
        interState: true,
        buyer: {
          name: 'Paws Pvt Ltd',
          address: 'Connaught Place, New Delhi',
          phone: null,
          email: null,
          gstin: '07AAACP1234C1Z3',
          stateCode: '07',
          stateName: 'Delhi',
        },
        placeOfSupply: { code: '07', name: 'Delhi' },
        lines: [line({ cgst: 0, sgst: 0, igst: 180 })],
        cgst: 0,
        sgst: 0,
        igst: 180,
      }),
    );
    expect(headers()).toEqual(['#', 'Description', 'SAC/HSN', 'Qty', 'Rate', 'GST', 'Taxable', 'IGST', 'Total']);
    expect(totals()).toEqual({ 'Taxable value': formatINR(1000), IGST: formatINR(180), Total: formatINR(1180) });
    const sheet = screen.getByTestId('tax-document');
    expect(sheet).toHaveTextContent('GSTIN 07AAACP1234C1Z3');
    expect(sheet).toHaveTextContent('State Delhi (07)');
    expect(sheet).toHaveTextContent('Delhi (07)');
    expect(sheet).toHaveTextContent('Inter-state (IGST)');
  });

  it('a bill of supply: exempt lines, no tax columns, and says no GST was charged', () => {
    show(
      taxDocument({
        kind: 'bill_of_supply',
        title: 'Bill of Supply',
        number: 'B/2026-27/000004',
        lines: [line({ description: 'Veterinary consultation', ratePercent: null, cgst: 0, sgst: 0, total: 1000 })],
        cgst: 0,
        sgst: 0,
        total: 1000,
      }),
    );
    expect(headers()).toEqual(['#', 'Description', 'SAC/HSN', 'Qty', 'Rate', 'GST', 'Taxable', 'Total']);
    expect(screen.getByRole('region', { name: 'Lines' })).toHaveTextContent('Exempt');
    expect(totals()).toEqual({ Total: formatINR(1000) });
    expect(screen.getByTestId('tax-document')).toHaveTextContent('no GST charged');
  });

  it('a credit note names the invoice it corrects, linked within the reader’s area, and its total is what was credited', () => {
    show(
      taxDocument({
        kind: 'credit_note',
        title: 'Credit Note',
        number: 'C/2026-27/000002',
        original: { _id: '650000000000000000000702', number: 'T/2026-27/000001', date: '2026-11-20' },
      }),
    );
    expect(screen.getByRole('heading', { name: 'Credit Note' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'T/2026-27/000001' })).toHaveAttribute(
      'href',
      '/staff/documents/650000000000000000000702',
    );
    expect(screen.getByTestId('tax-document')).toHaveTextContent('AgainstT/2026-27/000001 of 20 Nov 2026');
    expect(totals()['Total credited']).toBe(formatINR(1180));
  });

  it('a receipt: who paid, the payment (receipt number, when, method, amount), no lines', () => {
    show(
      taxDocument({
        kind: 'receipt',
        title: 'Receipt',
        number: '2026-27/000007',
        lines: [],
        taxable: 0,
        cgst: 0,
        sgst: 0,
        total: 500.5,
        amountInWords: 'Rupees Five Hundred and Fifty Paise Only',
        payment: { method: 'cash', amount: 500.5, receiptNo: '2026-27/000007', paidAt: '2026-11-25T06:30:00.000Z' },
      }),
    );
    expect(screen.queryByRole('region', { name: 'Lines' })).toBeNull();
    const payment = screen.getByRole('region', { name: 'Payment' });
    expect(payment).toHaveTextContent('2026-27/000007');
    expect(payment).toHaveTextContent('Cash');
    expect(payment).toHaveTextContent(formatINR(500.5));
    expect(screen.getByTestId('tax-document')).toHaveTextContent('Received from');
    expect(totals()).toEqual({ 'Amount received': formatINR(500.5) });
    expect(screen.getByTestId('tax-document')).toHaveTextContent('Rupees Five Hundred and Fifty Paise Only');
  });

  it('money still due with a UPI id: the due amount and a QR code of the UPI link', async () => {
    show(
      taxDocument({
        due: 1180,
        upi: {
          id: 'petdaycare@upi',
          uri: 'upi://pay?pa=petdaycare%40upi&pn=Pet%20DayCare%20Service&am=1180.00&cu=INR&tn=T/2026-27/000001',
        },
      }),
    );
    expect(screen.getByTestId('tax-document')).toHaveTextContent(`Still due on this sale: ${formatINR(1180)}`);
    const qr = await screen.findByRole('img', { name: `UPI QR code: pay ${formatINR(1180)} to petdaycare@upi` });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(decodeURIComponent(qr.getAttribute('src') ?? '')).toContain('<svg');
    expect(screen.getByTestId('upi-qr')).toHaveTextContent(`Scan to pay ${formatINR(1180)} by UPI to petdaycare@upi`);
  });

  it('money due but no UPI id configured: the due amount, no QR code', () => {
    show(taxDocument({ due: 250, upi: null }));
    expect(screen.getByTestId('tax-document')).toHaveTextContent(`Still due on this sale: ${formatINR(250)}`);
    expect(screen.queryByTestId('upi-qr')).toBeNull();
  });
});
