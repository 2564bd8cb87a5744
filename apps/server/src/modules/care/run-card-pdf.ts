import {
  dayPages,
  kennelDays,
  type RunCard,
  type RunCardFormat,
  type RunCardRow,
  runCardDayLabel,
  shortDay,
  speciesLabel,
  VACCINE_STATUS_LABEL,
  WARNING_LABEL,
  wallClock,
} from '@pawdesk/shared';
import { newPdf, type Pdf } from '../../lib/pdf.ts';

/**
 * Run cards as PDF (issue 20): pdfkit with the embedded DejaVu font (lib/pdf.ts, shared with the tax documents).
 * A4: the pet with its photo, owner and emergency phones, warnings in a red box, vaccinations (overdue in red),
 * incidents, and the grid of every planned task by day, 14 day columns a page (the grid continues on the next page,
 * rows too when they run over). Kennel (A6): photo, name, warnings, the two phones, today's and tomorrow's tasks
 * with boxes. Several cards in one file each start on a new page.
 */

const RED = '#b42318';
const GREY = '#667085';
const SHADE = '#eaecf0';
const LINE = '#98a2b3';

export interface RunCardPdfOptions {
  format: RunCardFormat;
  /** Thumbnails by photo hash (JPEG). */
  photos: ReadonlyMap<string, Buffer>;
  businessName: string;
  tz: string;
}

/** One PDF of these cards (one card, or every pet in house), each from a new page. */
export async function runCardsPdf(cards: readonly RunCard[], o: RunCardPdfOptions): Promise<Buffer> {
  const a4 = o.format === 'a4';
  const { pdf, done } = newPdf({
    size: a4 ? 'A4' : 'A6',
    margin: a4 ? 32 : 16,
    autoFirstPage: false,
    info: {
      Title: cards.length === 1 ? `Run card: ${cards[0]!.pet.name}` : `Run cards (${cards.length})`,
      Author: o.businessName,
      Subject: 'Run card',
    },
  });
  if (cards.length === 0) {
    pdf.addPage();
    pdf.font('bold').fontSize(14).text('No pets in house', { align: 'center' });
  }
  for (const card of cards) {
    pdf.addPage();
    if (a4) drawA4(pdf, card, o);
    else drawKennel(pdf, card, o);
  }
  pdf.end();
  return done;
}

const phoneLine = (name: string | null, phone: string | null) => [name, phone].filter(Boolean).join(' · ') || 'Not given';

function time(iso: string, tz: string): string {
  const w = wallClock(new Date(iso), tz);
  const hh = String(Math.floor(w.minutes / 60)).padStart(2, '0');
  const mm = String(w.minutes % 60).padStart(2, '0');
  return `${shortDay(w.date)} ${hh}:${mm}`;
}

/** The photo in a square, or the pet's initials when it has none. */
function photoBox(pdf: Pdf, card: RunCard, photos: ReadonlyMap<string, Buffer>, x: number, y: number, size: number) {
  const bytes = card.pet.photo ? photos.get(card.pet.photo.hash) : undefined;
  if (bytes) {
    try {
      pdf.image(bytes, x, y, { cover: [size, size], align: 'center', valign: 'center' });
      pdf.rect(x, y, size, size).lineWidth(0.5).strokeColor(LINE).stroke();
      return;
    } catch {
      // An image pdfkit cannot read: the initials instead.
    }
  }
  pdf.rect(x, y, size, size).fillAndStroke(SHADE, LINE);
  const initials =
    card.pet.name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .flatMap((w) => w.match(/\p{L}|\p{N}/u) ?? [])
      .map((c) => c.toUpperCase())
      .join('') || '?';
  pdf
    .fillColor(GREY)
    .font('bold')
    .fontSize(size / 3)
    .text(initials, x, y + size / 2 - size / 6, { width: size, align: 'center', lineBreak: false });
  pdf.fillColor('black');
}

/** The warnings in a red box, prominent; "No warnings" in grey when there are none. Returns the y below it. */
function warningsBox(pdf: Pdf, card: RunCard, x: number, y: number, width: number, size: number): number {
  if (card.warnings.length === 0) {
    pdf.font('regular').fontSize(size).fillColor(GREY).text('No warnings', x, y, { width });
    pdf.fillColor('black');
    return pdf.y + 4;
  }
  const pad = 5;
  const lines = card.warnings.map((w) => `${WARNING_LABEL[w.kind]}: ${w.text}`);
  pdf.font('bold').fontSize(size);
  const textH = lines.reduce((h, l) => h + pdf.heightOfString(l, { width: width - 2 * pad }), 0);
  const titleH = pdf.heightOfString('WARNINGS');
  const h = textH + titleH + 2 * pad + 2;
  pdf.rect(x, y, width, h).fillAndStroke('#fef3f2', RED);
  pdf
    .fillColor(RED)
    .font('bold')
    .fontSize(size)
    .text('WARNINGS', x + pad, y + pad, { width: width - 2 * pad });
  for (const l of lines) pdf.text(l, { width: width - 2 * pad });
  pdf.fillColor('black');
  return y + h + 6;
}

function drawA4(pdf: Pdf, card: RunCard, o: RunCardPdfOptions) {
  const m = 32;
  const width = pdf.page.width - 2 * m;
  const photo = 84;
  photoBox(pdf, card, o.photos, m, m, photo);
  const tx = m + photo + 12;
  const tw = width - photo - 12 - 120;
  pdf.fillColor('black').font('bold').fontSize(20).text(card.pet.name, tx, m, { width: tw });
  pdf.font('regular').fontSize(9.5);
  const about = [speciesLabel(card.pet.species), card.pet.breed, card.pet.sex, card.pet.age].filter(Boolean).join(' · ');
  pdf.text(about, { width: tw });
  pdf.text(`Owner: ${phoneLine(card.owner.name, card.owner.phone)}`, { width: tw });
  pdf.font('bold').text(`Emergency: ${phoneLine(card.emergencyContact.name, card.emergencyContact.phone)}`, { width: tw });
  pdf.font('regular');
  const s = card.stay;
  const out = s.exitTime ? `left ${time(s.exitTime, o.tz)}` : `expected out ${shortDay(s.expectedExitDay)}`;
  pdf.text(`Stay: ${s.type || 'Boarding'} · in ${time(s.entryTime, o.tz)} · ${out}`, { width: tw });
  const headBottom = Math.max(pdf.y, m + photo);
  pdf
    .font('bold')
    .fontSize(12)
    .text('RUN CARD', m + width - 120, m, { width: 120, align: 'right' });
  pdf.font('regular').fontSize(8).fillColor(GREY);
  pdf.text(o.businessName, { width: 120, align: 'right' });
  pdf.text(`Printed ${shortDay(card.today, true)}`, { width: 120, align: 'right' });
  if (card.closed) pdf.fillColor(RED).text('Stay closed', { width: 120, align: 'right' });
  pdf.fillColor('black');

  let y = warningsBox(pdf, card, m, headBottom + 8, width, 10);

  // Vaccinations (left) and incidents (right).
  const half = (width - 12) / 2;
  pdf.font('bold').fontSize(9).text('Vaccinations', m, y, { width: half });
  pdf.font('regular').fontSize(8);
  if (card.vaccinations.length === 0) pdf.fillColor(GREY).text('None on record', { width: half });
  for (const v of card.vaccinations) {
    const due = v.nextDue ? `due ${shortDay(v.nextDue, true)}` : 'no due date';
    const overdue = v.status === 'overdue';
    pdf
      .fillColor(overdue ? RED : 'black')
      .font(overdue ? 'bold' : 'regular')
      .text(`${v.name}: ${due}${v.status === 'ok' || v.status === 'none' ? '' : ` (${VACCINE_STATUS_LABEL[v.status]})`}`, {
        width: half,
      });
  }
  pdf.fillColor('black');
  const leftBottom = pdf.y;
  pdf
    .font('bold')
    .fontSize(9)
    .text('Incidents', m + half + 12, y, { width: half });
  pdf.font('regular').fontSize(8);
  if (card.incidents.length === 0) pdf.fillColor(GREY).text('None recorded', { width: half });
  for (const i of card.incidents) pdf.text(`${time(i.at, o.tz)} · ${i.kind}: ${i.summary}`, { width: half });
  pdf.fillColor('black');
  y = Math.max(leftBottom, pdf.y) + 10;

  const pages = dayPages(card.days);
  if (card.rows.length === 0 || pages.length === 0) {
    pdf.font('regular').fontSize(9).fillColor(GREY).text('No meals, doses or tasks in the care plan.', m, y, { width });
    pdf.fillColor('black');
    return;
  }
  pages.forEach((days, n) => {
    if (n > 0) {
      pdf.addPage();
      y = continuedHead(pdf, card, m, width, days);
    }
    y = grid(pdf, card, card.rows, days, m, y, width);
  });
  if (card.daysTruncated) {
    pdf
      .font('regular')
      .fontSize(7)
      .fillColor(GREY)
      .text(`A long stay: the card shows ${card.days.length} days.`, m, y + 4);
  }
  pdf.fillColor('black');
}

/** The small head of a grid page after the first: the pet's name and the days on this page. */
function continuedHead(pdf: Pdf, card: RunCard, x: number, width: number, days: readonly string[]): number {
  pdf.font('bold').fontSize(12).fillColor('black').text(`${card.pet.name}: run card (continued)`, x, 32, { width });
  pdf
    .font('regular')
    .fontSize(8)
    .fillColor(GREY)
    .text(`${shortDay(days[0]!, true)} to ${shortDay(days.at(-1)!, true)}`, { width });
  pdf.fillColor('black');
  return pdf.y + 8;
}

/** The grid of these days from `y`: a head row, then one row per task; a new page (with the head row) when full. */
function grid(
  pdf: Pdf,
  card: RunCard,
  rows: readonly RunCardRow[],
  days: readonly string[],
  x: number,
  y0: number,
  width: number,
): number {
  const cellW = Math.min(44, (width - 150) / days.length);
  const labelW = width - cellW * days.length;
  const headH = 22;
  // Room to tick and jot a word by hand.
  const rowH = 26;
  const bottom = pdf.page.height - 32;
  const index = new Map(card.days.map((d, i) => [d, i]));
  let y = y0;
  const head = () => {
    pdf.rect(x, y, width, headH).fillAndStroke(SHADE, LINE);
    pdf
      .fillColor('black')
      .font('bold')
      .fontSize(8)
      .text('Slot · task', x + 4, y + 7, { width: labelW - 8, lineBreak: false });
    days.forEach((d, i) => {
      const l = runCardDayLabel(d);
      const cx = x + labelW + i * cellW;
      pdf
        .moveTo(cx, y)
        .lineTo(cx, y + headH)
        .strokeColor(LINE)
        .lineWidth(0.5)
        .stroke();
      const today = d === card.today;
      pdf
        .font(today ? 'bold' : 'regular')
        .fontSize(6.5)
        .fillColor(today ? RED : 'black')
        .text(l.weekday, cx, y + 3, { width: cellW, align: 'center', lineBreak: false });
      pdf.text(l.date, cx, y + 12, { width: cellW, align: 'center', lineBreak: false });
    });
    pdf.fillColor('black');
    y += headH;
  };
  if (y + headH + rowH > bottom) {
    pdf.addPage();
    y = continuedHead(pdf, card, x, width, days);
  }
  head();
  for (const r of rows) {
    if (y + rowH > bottom) {
      pdf.addPage();
      y = continuedHead(pdf, card, x, width, days);
      head();
    }
    pdf.rect(x, y, width, rowH).lineWidth(0.5).strokeColor(LINE).stroke();
    pdf
      .font('bold')
      .fontSize(6.5)
      .fillColor(GREY)
      .text(
        `${r.slotName} · ${r.kind === 'meal' ? 'Meal' : r.kind === 'dose' ? 'Dose' : 'Task'}${r.removed ? ' (removed)' : ''}`,
        x + 4,
        y + 2.5,
        {
          width: labelW - 8,
          lineBreak: false,
          ellipsis: true,
        },
      );
    pdf
      .font('regular')
      .fontSize(8)
      .fillColor('black')
      .text(r.label, x + 4, y + 13, { width: labelW - 8, height: 10, lineBreak: false, ellipsis: true });
    days.forEach((d, i) => {
      const cell = r.cells[index.get(d) ?? -1];
      const cx = x + labelW + i * cellW;
      pdf
        .moveTo(cx, y)
        .lineTo(cx, y + rowH)
        .strokeColor(LINE)
        .lineWidth(0.5)
        .stroke();
      if (!cell?.due && !cell?.recorded) {
        pdf.rect(cx + 0.5, y + 0.5, cellW - 1, rowH - 1).fill(SHADE);
        return;
      }
      if (cell.recorded) {
        const bad = ['refused', 'not_given', 'vomited', 'skipped'].includes(cell.recorded.feedback);
        pdf
          .font('regular')
          .fontSize(5.5)
          .fillColor(bad ? RED : 'black')
          .text(cell.recorded.feedbackLabel, cx + 1, y + 6, {
            width: cellW - 2,
            align: 'center',
            lineBreak: false,
            ellipsis: true,
          });
        pdf
          .fillColor(GREY)
          .text(initials(cell.recorded.by), cx + 1, y + 14, { width: cellW - 2, align: 'center', lineBreak: false });
        pdf.fillColor('black');
        return;
      }
      const box = Math.min(11, cellW - 8);
      pdf
        .rect(cx + (cellW - box) / 2, y + (rowH - box) / 2, box, box)
        .lineWidth(0.7)
        .strokeColor('black')
        .stroke();
    });
    y += rowH;
  }
  pdf.font('regular').fontSize(6.5).fillColor(GREY);
  pdf.text('Tick each box when done and note how it went. Grey: not planned that day.', x, y + 3, { width });
  pdf.fillColor('black');
  return pdf.y + 10;
}

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 3)
    .flatMap((w) => w.match(/\p{L}|\p{N}/u) ?? [])
    .map((c) => c.toUpperCase())
    .join('');

/** The kennel card (A6): photo, name, warnings, phones, today's and tomorrow's tasks with boxes. */
function drawKennel(pdf: Pdf, card: RunCard, o: RunCardPdfOptions) {
  const m = 16;
  const width = pdf.page.width - 2 * m;
  const photo = 64;
  photoBox(pdf, card, o.photos, m, m, photo);
  const tx = m + photo + 8;
  const tw = width - photo - 8;
  pdf.fillColor('black').font('bold').fontSize(16).text(card.pet.name, tx, m, { width: tw });
  pdf.font('regular').fontSize(7.5);
  pdf.text([speciesLabel(card.pet.species), card.pet.breed, card.pet.sex, card.pet.age].filter(Boolean).join(' · '), {
    width: tw,
  });
  pdf.text(`Owner: ${phoneLine(card.owner.name, card.owner.phone)}`, { width: tw });
  pdf.font('bold').text(`Emergency: ${phoneLine(card.emergencyContact.name, card.emergencyContact.phone)}`, { width: tw });
  const out = card.stay.exitTime ? 'left' : `out ${shortDay(card.stay.expectedExitDay)}`;
  pdf.font('regular').text(`${card.stay.type || 'Boarding'} · ${out}`, { width: tw });
  let y = warningsBox(pdf, card, m, Math.max(pdf.y, m + photo) + 6, width, 8.5);

  const days = kennelDays(card.days, card.today);
  const index = new Map(card.days.map((d, i) => [d, i]));
  const rows = card.rows.filter((r) => days.some((d) => r.cells[index.get(d) ?? -1]?.due));
  const colW = 34;
  const labelW = width - colW * days.length;
  const rowH = 15;
  const bottom = pdf.page.height - m;
  const head = () => {
    pdf.rect(m, y, width, 14).fillAndStroke(SHADE, LINE);
    pdf
      .fillColor('black')
      .font('bold')
      .fontSize(7)
      .text('Tasks', m + 3, y + 4, { width: labelW - 6, lineBreak: false });
    days.forEach((d, i) => {
      const label = d === card.today ? 'Today' : runCardDayLabel(d).date;
      pdf.text(label, m + labelW + i * colW, y + 4, { width: colW, align: 'center', lineBreak: false });
    });
    y += 14;
  };
  if (rows.length === 0) {
    pdf.font('regular').fontSize(8).fillColor(GREY).text('Nothing planned for these days.', m, y, { width });
    pdf.fillColor('black');
    return;
  }
  head();
  for (const r of rows) {
    if (y + rowH > bottom) {
      pdf.addPage();
      y = m;
      pdf.font('bold').fontSize(10).fillColor('black').text(`${card.pet.name} (continued)`, m, y, { width });
      y = pdf.y + 4;
      head();
    }
    pdf.rect(m, y, width, rowH).lineWidth(0.5).strokeColor(LINE).stroke();
    pdf
      .font('regular')
      .fontSize(7)
      .fillColor('black')
      .text(`${r.slotName}: ${r.label}`, m + 3, y + 4, { width: labelW - 6, lineBreak: false, ellipsis: true });
    days.forEach((d, i) => {
      const cell = r.cells[index.get(d) ?? -1];
      const cx = m + labelW + i * colW;
      pdf
        .moveTo(cx, y)
        .lineTo(cx, y + rowH)
        .strokeColor(LINE)
        .stroke();
      if (!cell?.due && !cell?.recorded) pdf.rect(cx + 0.5, y + 0.5, colW - 1, rowH - 1).fill(SHADE);
      else if (cell.recorded)
        pdf
          .fontSize(5.5)
          .fillColor('black')
          .text(cell.recorded.feedbackLabel, cx + 1, y + 5, {
            width: colW - 2,
            align: 'center',
            lineBreak: false,
            ellipsis: true,
          });
      else
        pdf
          .rect(cx + (colW - 9) / 2, y + 3, 9, 9)
          .lineWidth(0.7)
          .strokeColor('black')
          .stroke();
    });
    y += rowH;
  }
}
