import { formatDate, formatDateTime, formatINR, ledgerMethodLabel, type TaxDocumentView } from '@pawdesk/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Letterhead, PrintTotals, printClasses } from '../../../components/print/Letterhead';
import {
  buyerHeading,
  codeLabel,
  partyLines,
  quantityLabel,
  rateLabel,
  stateLabel,
  type TaxColumns,
  taxColumns,
  totalLabel,
} from './document-rules';
import classes from './document.module.css';
import { UpiQr } from './UpiQr';

const money = (rupees: number) => formatINR(rupees);
const num = printClasses.num;

function LinesTable({ doc, columns }: { doc: TaxDocumentView; columns: TaxColumns }) {
  const tax = columns !== 'none';
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a table that scrolls sideways on a phone is scrolled by keyboard too
    <div className={classes.scroll} role="region" aria-label="Lines" tabIndex={0}>
      <table>
        <thead>
          <tr>
            <th>#</th>
            <th>Description</th>
            <th>SAC/HSN</th>
            <th className={num}>Qty</th>
            <th className={num}>Rate</th>
            <th className={num}>GST</th>
            <th className={num}>Taxable</th>
            {columns === 'cgst_sgst' ? (
              <>
                <th className={num}>CGST</th>
                <th className={num}>SGST</th>
              </>
            ) : null}
            {columns === 'igst' ? <th className={num}>IGST</th> : null}
            <th className={num}>Total</th>
          </tr>
        </thead>
        <tbody>
          {doc.lines.map((l) => (
            <tr key={l.lineNo}>
              <td>{l.lineNo}</td>
              <td>{l.description}</td>
              <td style={{ whiteSpace: 'nowrap' }}>{codeLabel(l)}</td>
              <td className={num}>{quantityLabel(l)}</td>
              <td className={num}>
                {money(l.unitPrice)}
                {tax && l.priceIncludesTax && (l.ratePercent ?? 0) > 0 ? <div className={classes.lineSub}>incl. GST</div> : null}
              </td>
              <td className={num}>{rateLabel(l)}</td>
              <td className={num}>{money(l.taxable)}</td>
              {columns === 'cgst_sgst' ? (
                <>
                  <td className={num}>{money(l.cgst)}</td>
                  <td className={num}>{money(l.sgst)}</td>
                </>
              ) : null}
              {columns === 'igst' ? <td className={num}>{money(l.igst)}</td> : null}
              <td className={num}>{money(l.total)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Payment({ doc }: { doc: TaxDocumentView }) {
  const p = doc.payment;
  if (!p) return null;
  const refund = doc.kind === 'refund_receipt';
  return (
    <section aria-label={refund ? 'Refund' : 'Payment'}>
      <table>
        <thead>
          <tr>
            <th>Receipt</th>
            <th>{refund ? 'Refunded on' : 'Paid on'}</th>
            <th>Method</th>
            <th className={num}>Amount</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>{p.receiptNo ?? doc.number}</td>
            <td>{p.paidAt ? formatDateTime(p.paidAt) : formatDate(doc.date)}</td>
            <td>{ledgerMethodLabel(p.method)}</td>
            <td className={num}>{money(p.amount)}</td>
          </tr>
        </tbody>
      </table>
    </section>
  );
}

/**
 * A GST document as it prints (issue 17): the business's letterhead with its GSTIN, the title, number and date; the
 * buyer (with GSTIN and state when they have one) and the place of supply; the lines with SAC/HSN, rate, taxable value
 * and CGST+SGST (within the state) or IGST (another state); the totals and the amount in words; for a credit note the
 * invoice it corrects, for a receipt the payment; and a UPI QR code for what is still due. `documentHref` links the
 * original invoice within the reader's area.
 */
export function TaxDocumentSheet({ doc, documentHref }: { doc: TaxDocumentView; documentHref: (id: string) => string }) {
  const columns = taxColumns(doc);
  const receipt = doc.kind === 'receipt' || doc.kind === 'refund_receipt';
  const seller = doc.seller;
  const facts: [string, ReactNode][] = [];
  if (!receipt) facts.push(['Place of supply', stateLabel(doc.placeOfSupply.name, doc.placeOfSupply.code) ?? '—']);
  if (doc.original)
    facts.push([
      'Against',
      <>
        <Link className={classes.sheetLink} to={documentHref(doc.original._id)}>
          {doc.original.number}
        </Link>{' '}
        of {formatDate(doc.original.date)}
      </>,
    ]);
  if (doc.purpose || doc.petName) facts.push(['For', [doc.purpose, doc.petName].filter(Boolean).join(' · ')]);
  if (doc.interState && !receipt) facts.push(['Supply', 'Inter-state (IGST)']);

  const totals: (readonly [string, ReactNode] | null)[] = receipt
    ? [[totalLabel(doc.kind), money(doc.total)]]
    : [
        columns !== 'none' ? ['Taxable value', money(doc.taxable)] : null,
        columns === 'cgst_sgst' ? ['CGST', money(doc.cgst)] : null,
        columns === 'cgst_sgst' ? ['SGST', money(doc.sgst)] : null,
        columns === 'igst' ? ['IGST', money(doc.igst)] : null,
        [totalLabel(doc.kind), money(doc.total)],
      ];

  return (
    <article
      className={`${printClasses.sheet} ${classes.docSheet}`}
      aria-label={`${doc.title} ${doc.number}`}
      data-testid="tax-document"
    >
      <Letterhead
        from={{
          name: seller.name,
          address: seller.address,
          phone: seller.phone,
          email: seller.email,
          gstin: seller.gstin,
          state: stateLabel(seller.stateName, seller.stateCode),
        }}
      >
        <h2>{doc.title}</h2>
        <div className={classes.titleNo}>{doc.number}</div>
        <div>Date {formatDate(doc.date)}</div>
      </Letterhead>
      <section className={classes.parties}>
        <div>
          <h3>{buyerHeading(doc.kind)}</h3>
          <div className={classes.partyName}>{doc.buyer.name}</div>
          {partyLines(doc.buyer).map((line) => (
            <div key={line} style={{ whiteSpace: 'pre-line' }}>
              {line}
            </div>
          ))}
        </div>
        {facts.length > 0 ? (
          <dl className={classes.facts}>
            {facts.map(([k, v]) => (
              <div key={k} style={{ display: 'contents' }}>
                <dt>{k}</dt>
                <dd>{v}</dd>
              </div>
            ))}
          </dl>
        ) : null}
      </section>
      {receipt ? <Payment doc={doc} /> : <LinesTable doc={doc} columns={columns} />}
      <PrintTotals rows={totals} />
      <p className={classes.words}>
        <strong>Amount in words:</strong> {doc.amountInWords}
      </p>
      {doc.due > 0 || doc.upi ? (
        <div className={classes.closing}>
          <div className={classes.due}>Still due on this sale: {money(doc.due)}</div>
          {doc.upi ? <UpiQr upi={doc.upi} due={doc.due} /> : null}
        </div>
      ) : null}
      <p className={classes.footnote}>
        {doc.kind === 'bill_of_supply' ? 'Exempt or nil-rated supply: no GST charged. ' : ''}
        Amounts in Indian rupees. This is a computer-generated document.
      </p>
    </article>
  );
}
