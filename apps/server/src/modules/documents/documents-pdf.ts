import { formatINR, type TaxDocumentView } from '@pawdesk/shared';
import QRCode from 'qrcode';
import { newPdf } from '../../lib/pdf.ts';

/**
 * A document as an A4 PDF (pdfkit) in DejaVu Sans, embedded: the standard PDF fonts have no ₹ (U+20B9), DejaVu does
 * (checked with fontkit; docs/decisions.md "GST documents as PDF"). Business identity and GSTIN, title, number and
 * date, the buyer, place of supply, the lines with SAC/HSN, rate, taxable value, CGST/SGST or IGST, totals, the
 * amount in words, a credit note's original, a receipt's payment, and a UPI QR code for what is still due.
 */

const money = (rupees: number) => formatINR(rupees);
const pct = (r: number | null) => (r === null ? 'Exempt' : `${r}%`);

export async function documentPdf(doc: TaxDocumentView): Promise<Buffer> {
  const qr = doc.upi ? await QRCode.toBuffer(doc.upi.uri, { margin: 1, width: 240 }) : null;
  const { pdf, done } = newPdf({
    size: 'A4',
    margin: 40,
    info: { Title: `${doc.title} ${doc.number}`, Author: doc.seller.name, Subject: doc.title },
  });

  const left = 40;
  const width = pdf.page.width - 80;
  const s = doc.seller;
  pdf
    .font('bold')
    .fontSize(16)
    .text(s.name, left, 40, { width: width * 0.6 });
  pdf.font('regular').fontSize(9);
  for (const line of [s.address, s.phone && `Phone: ${s.phone}`, s.email && `Email: ${s.email}`, s.gstin && `GSTIN: ${s.gstin}`])
    if (line) pdf.text(line, { width: width * 0.6 });
  if (s.stateName) pdf.text(`State: ${s.stateName} (${s.stateCode})`, { width: width * 0.6 });
  const headerBottom = pdf.y;
  pdf
    .font('bold')
    .fontSize(18)
    .text(doc.title, left + width * 0.6, 40, { width: width * 0.4, align: 'right' });
  pdf.font('regular').fontSize(10);
  pdf.text(`No. ${doc.number}`, { width: width * 0.4, align: 'right' });
  pdf.text(`Date: ${doc.date}`, { width: width * 0.4, align: 'right' });
  if (doc.original) pdf.text(`Against ${doc.original.number} of ${doc.original.date}`, { width: width * 0.4, align: 'right' });
  pdf.y = Math.max(headerBottom, pdf.y) + 12;
  pdf
    .moveTo(left, pdf.y)
    .lineTo(left + width, pdf.y)
    .stroke();
  pdf.moveDown(0.5);

  const b = doc.buyer;
  const top = pdf.y;
  pdf
    .font('bold')
    .fontSize(10)
    .text(doc.kind === 'refund_receipt' ? 'Refunded to' : 'Billed to', left, top);
  pdf.font('regular').fontSize(9);
  for (const line of [b.name, b.address, b.phone && `Phone: ${b.phone}`, b.email, b.gstin && `GSTIN: ${b.gstin}`])
    if (line) pdf.text(line, left, undefined, { width: width / 2 - 10 });
  const buyerBottom = pdf.y;
  pdf.font('regular').fontSize(9);
  const facts = [
    `Place of supply: ${doc.placeOfSupply.name} (${doc.placeOfSupply.code})`,
    doc.interState ? 'Inter-state supply: IGST' : 'Intra-state supply: CGST + SGST',
    doc.petName && `Pet: ${doc.petName}`,
    doc.purpose && `For: ${doc.purpose}`,
  ];
  pdf.y = top;
  for (const f of facts) if (f) pdf.text(f, left + width / 2, undefined, { width: width / 2 });
  pdf.y = Math.max(buyerBottom, pdf.y) + 12;

  if (doc.lines.length > 0) {
    const cols = doc.interState
      ? [
          ['#', 18],
          ['Description', 150],
          ['SAC/HSN', 52],
          ['Qty', 34],
          ['Rate', 42],
          ['Taxable', 66],
          ['IGST', 66],
          ['Total', 87],
        ]
      : [
          ['#', 18],
          ['Description', 128],
          ['SAC/HSN', 48],
          ['Qty', 30],
          ['Rate', 40],
          ['Taxable', 62],
          ['CGST', 54],
          ['SGST', 54],
          ['Total', 81],
        ];
    const row = (cells: string[], bold = false) => {
      const y = pdf.y;
      let x = left;
      let h = 0;
      pdf.font(bold ? 'bold' : 'regular').fontSize(8.5);
      cells.forEach((c, i) => {
        const w = cols[i]![1] as number;
        const align = i >= 3 ? 'right' : 'left';
        pdf.text(c, x + 2, y, { width: w - 4, align });
        h = Math.max(h, pdf.y - y);
        x += w;
      });
      pdf.y = y + h + 4;
      if (pdf.y > pdf.page.height - 120) {
        pdf.addPage();
      }
    };
    row(
      cols.map((c) => c[0] as string),
      true,
    );
    pdf
      .moveTo(left, pdf.y - 2)
      .lineTo(left + width, pdf.y - 2)
      .stroke();
    for (const l of doc.lines) {
      const tax = doc.interState ? [money(l.igst)] : [money(l.cgst), money(l.sgst)];
      row([
        String(l.lineNo),
        l.description,
        l.code ? `${l.code}` : '—',
        `${l.quantity}${l.unit ? ` ${l.unit}` : ''}`,
        pct(l.ratePercent),
        money(l.taxable),
        ...tax,
        money(l.total),
      ]);
    }
    pdf
      .moveTo(left, pdf.y)
      .lineTo(left + width, pdf.y)
      .stroke();
    pdf.moveDown(0.5);
    const totals: [string, number][] = [['Taxable value', doc.taxable]];
    if (doc.interState) totals.push(['IGST', doc.igst]);
    else totals.push(['CGST', doc.cgst], ['SGST', doc.sgst]);
    totals.push([doc.kind === 'credit_note' ? 'Total credited' : 'Total', doc.total]);
    for (const [label, value] of totals) {
      const last = label.startsWith('Total');
      pdf.font(last ? 'bold' : 'regular').fontSize(last ? 11 : 9);
      const y = pdf.y;
      pdf.text(label, left + width * 0.5, y, { width: width * 0.3 });
      pdf.text(money(value), left + width * 0.8, y, { width: width * 0.2, align: 'right' });
    }
  } else if (doc.payment) {
    pdf.font('regular').fontSize(10);
    pdf.text(`${doc.kind === 'refund_receipt' ? 'Refunded' : 'Received'} with thanks: ${money(doc.payment.amount)}`, left);
    pdf.text(`Method: ${(doc.payment.method ?? 'not recorded').replace('_', ' ')}`);
    if (doc.payment.paidAt) pdf.text(`On: ${doc.payment.paidAt.slice(0, 19).replace('T', ' ')} UTC`);
    pdf
      .font('bold')
      .fontSize(11)
      .text(`Amount: ${money(doc.total)}`);
  }
  pdf.moveDown(0.8);
  pdf.font('regular').fontSize(9).text(`Amount in words: ${doc.amountInWords}`, left, undefined, { width });
  if (doc.due > 0)
    pdf
      .font('bold')
      .fontSize(10)
      .text(`Still due on this sale: ${money(doc.due)}`, left, undefined, { width });
  if (qr && doc.upi) {
    pdf.moveDown(0.5);
    const y = pdf.y;
    pdf.image(qr, left, y, { width: 100 });
    pdf
      .font('regular')
      .fontSize(9)
      .text(`Scan to pay ${money(doc.due)} by UPI (${doc.upi.id})`, left + 110, y + 40, { width: width - 110 });
    pdf.y = y + 110;
  }
  if (doc.kind === 'tax_invoice' || doc.kind === 'bill_of_supply' || doc.kind === 'credit_note') {
    pdf.moveDown(1);
    pdf.font('regular').fontSize(8).fillColor('#555').text('This is a computer-generated document.', left, undefined, { width });
  }
  pdf.end();
  return done;
}
