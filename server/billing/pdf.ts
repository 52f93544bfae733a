import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { BRAND_NAME } from '../platform/mail/compose.ts';
import { INVOICE_STATUS_NAMES, type Invoice } from '../../src/contract/billing.ts';

const GREEN = rgb(0x1d / 255, 0xa4 / 255, 0x25 / 255);
const INK = rgb(0.12, 0.16, 0.2);
const MUTED = rgb(0.32, 0.38, 0.43);

/** Helvetica writes WinAnsi only: anything else in a name or title is shown as "?". */
const winAnsi = (s: string) =>
  s
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/[^\x20-\x7e\xa0-\xff]/g, '?');

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;
/** MM-DD-YYYY (spec 2 §9), UTC. */
const day = (iso: string | null) => {
  if (!iso) return '';
  const d = new Date(iso);
  return `${String(d.getUTCMonth() + 1).padStart(2, '0')}-${String(d.getUTCDate()).padStart(2, '0')}-${d.getUTCFullYear()}`;
};

/** Breaks text into lines that fit the width. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of winAnsi(text).split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) <= width || !line) line = next;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** The invoice as a one-page PDF (US Letter): who issued it to whom, its lines, totals and how it was paid. */
export async function invoicePdf(invoice: Invoice): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Invoice ${invoice.numberText}`);
  doc.setAuthor(BRAND_NAME);
  doc.setCreator(BRAND_NAME);
  doc.setCreationDate(new Date(invoice.issuedAt));
  const page: PDFPage = doc.addPage([612, 792]);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const left = 56;
  const right = 556;
  let y = 736;
  const text = (s: string, x: number, size = 10, font = regular, color = INK) => page.drawText(winAnsi(s), { x, y, size, font, color });
  const textRight = (s: string, x: number, size = 10, font = regular, color = INK) =>
    page.drawText(winAnsi(s), { x: x - font.widthOfTextAtSize(winAnsi(s), size), y, size, font, color });

  text(BRAND_NAME, left, 20, bold, GREEN);
  textRight('INVOICE', right, 20, bold);
  y -= 22;
  textRight(invoice.numberText, right, 12, bold);
  y -= 16;
  textRight(`Status: ${INVOICE_STATUS_NAMES[invoice.status]}`, right, 10, regular, MUTED);

  y -= 34;
  text('Billed to', left, 9, bold, MUTED);
  text('Issued', 340, 9, bold, MUTED);
  textRight(day(invoice.issuedAt), right);
  y -= 14;
  text(invoice.company.name, left, 11, bold);
  if (invoice.paidAt) {
    text('Paid', 340, 9, bold, MUTED);
    textRight(day(invoice.paidAt), right);
  }
  y -= 14;
  for (const line of wrap(invoice.company.address ?? '', regular, 10, 260)) {
    text(line, left);
    y -= 13;
  }
  if (invoice.periodStart && invoice.periodEnd) {
    text('Period', 340, 9, bold, MUTED);
    textRight(`${day(invoice.periodStart)} to ${day(invoice.periodEnd)}`, right);
  }

  y -= 36;
  text('Description', left, 9, bold, MUTED);
  textRight('Qty', 400, 9, bold, MUTED);
  textRight('Unit price', 480, 9, bold, MUTED);
  textRight('Amount', right, 9, bold, MUTED);
  y -= 8;
  page.drawLine({ start: { x: left, y }, end: { x: right, y }, thickness: 0.5, color: MUTED });
  y -= 16;
  for (const line of invoice.lines) {
    const wrapped = wrap(line.description, regular, 10, 300);
    textRight(String(line.quantity), 400);
    textRight(money(line.unitCents), 480);
    textRight(money(line.amountCents), right);
    for (const part of wrapped) {
      text(part, left);
      y -= 13;
    }
    y -= 5;
  }
  page.drawLine({ start: { x: 340, y: y + 6 }, end: { x: right, y: y + 6 }, thickness: 0.5, color: MUTED });
  y -= 10;
  const total = (label: string, value: string, font = regular) => {
    text(label, 340, 10, font);
    textRight(value, right, 10, font);
    y -= 16;
  };
  total('Subtotal', money(invoice.subtotalCents));
  if (invoice.discountCents > 0) total('Discount', `-${money(invoice.discountCents)}`);
  total(`Total (${invoice.currency})`, money(invoice.totalCents), bold);
  if (invoice.status === 'paid') total('Amount due', money(0));
  else if (invoice.status === 'open') total('Amount due', money(invoice.totalCents), bold);

  y -= 20;
  if (invoice.paymentMethod && invoice.status === 'paid') {
    text(`Paid with ${invoice.paymentMethod.brand} card ending ${invoice.paymentMethod.last4}.`, left, 10, regular, MUTED);
    y -= 14;
  }
  if (invoice.status === 'void') {
    text('This invoice is void: nothing is due.', left, 10, regular, MUTED);
    y -= 14;
  }
  if (invoice.failureMessage) {
    for (const line of wrap(invoice.failureMessage, regular, 10, right - left)) {
      text(line, left, 10, regular, MUTED);
      y -= 14;
    }
  }
  y = 56;
  text(`${BRAND_NAME} - amounts in US dollars.`, left, 8, regular, MUTED);
  return doc.save({ useObjectStreams: false });
}
