import { payOnDeliveryWords, type Receipt, SHOP_TIME_ZONE } from '@shop/contracts';
import { formatTTD } from '@shop/money';
import { internationalPhoneDisplay } from '@shop/rules';
import type PdfKitModule from 'pdfkit';

const PAGE_MARGIN = 50;
const COLOR = { text: '#2d1b12', muted: '#6b5143', primary: '#c2384f', rule: '#d9c2ad' };

/** A date and time as people in Trinidad and Tobago read it: `23 Nov 2026, 2:36 pm`. */
export function shopDateTime(iso: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: SHOP_TIME_ZONE,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
  }).format(new Date(iso));
}

/** How the order was (or will be) paid, in words. */
export function paymentText(receipt: Receipt): string {
  const { method, paidAt, reference } = receipt.payment;
  if (method === 'card') {
    const when = paidAt ? ` on ${shopDateTime(paidAt)}` : '';
    return `Paid by card${when}${reference ? ` (payment reference ${reference})` : ''}`;
  }
  if (method === 'bank_transfer') {
    return paidAt ? `Paid by bank transfer on ${shopDateTime(paidAt)}${reference ? ` (bank reference ${reference})` : ''}` : `To pay by bank transfer: ${formatTTD(receipt.total)}`;
  }
  const how = payOnDeliveryWords(receipt.payment.onDelivery);
  return paidAt ? `Paid on delivery ${how} on ${shopDateTime(paidAt)}` : `To pay on delivery ${how}: ${formatTTD(receipt.total)}`;
}

type PdfKit = typeof PdfKitModule;
let pdfkitLoading: Promise<PdfKit> | undefined;

/**
 * pdfkit (with fontkit and its font tables), loaded with the first receipt rather than at start: the service
 * would otherwise hold it in memory from boot (docs/performance.md, "Memory per server app").
 */
export function loadPdfKit(): Promise<PdfKit> {
  return (pdfkitLoading ??= import('pdfkit').then((m) => m.default));
}

/**
 * Prints a receipt as an A4 PDF with pdfkit (its built-in Helvetica, so no font file is read). The document's
 * dates are the order's own, so the same receipt always gives the same file.
 */
export async function renderReceiptPdf(receipt: Receipt): Promise<Buffer> {
  const PDFDocument = await loadPdfKit();
  const placed = new Date(receipt.placedAt);
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE_MARGIN,
    info: { Title: `Receipt ${receipt.orderNumber}`, Author: receipt.shop.name, Subject: `Receipt for order ${receipt.orderNumber}`, CreationDate: placed, ModDate: placed },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = PAGE_MARGIN;
  const width = doc.page.width - PAGE_MARGIN * 2;
  const right = left + width;

  doc.fillColor(COLOR.primary).font('Helvetica-Bold').fontSize(20).text(receipt.shop.name, left, PAGE_MARGIN, { width });
  const contact = [
    receipt.shop.phone ? `Phone ${internationalPhoneDisplay(receipt.shop.phone) ?? receipt.shop.phone}` : null,
    receipt.shop.whatsapp ? `WhatsApp ${internationalPhoneDisplay(receipt.shop.whatsapp) ?? receipt.shop.whatsapp}` : null,
  ].filter(Boolean);
  doc.fillColor(COLOR.muted).font('Helvetica').fontSize(10);
  if (contact.length > 0) doc.text(contact.join('   '), { width });
  if (receipt.vat) doc.text(`VAT registration number ${receipt.vat.registrationNumber}`, { width });

  doc.moveDown(1.2);
  doc.fillColor(COLOR.text).font('Helvetica-Bold').fontSize(16).text('Receipt', { width });
  doc.font('Helvetica').fontSize(10).moveDown(0.3);
  doc.text(`Order number: ${receipt.orderNumber}`, { width });
  doc.text(`Date: ${shopDateTime(receipt.placedAt)}`, { width });
  if (receipt.customerName) doc.text(`Customer: ${receipt.customerName}`, { width });

  // The lines: item, quantity, unit price, amount.
  const cols = { item: left, qty: left + width * 0.55, unit: left + width * 0.65, amount: left + width * 0.82 };
  const colWidth = { item: width * 0.53, qty: width * 0.1, unit: width * 0.17, amount: width * 0.18 };
  doc.moveDown(1.2);
  let y = doc.y;
  doc.font('Helvetica-Bold').fontSize(10);
  doc.text('Item', cols.item, y, { width: colWidth.item });
  doc.text('Qty', cols.qty, y, { width: colWidth.qty, align: 'right' });
  doc.text('Unit price', cols.unit, y, { width: colWidth.unit, align: 'right' });
  doc.text('Amount', cols.amount, y, { width: colWidth.amount, align: 'right' });
  y = doc.y + 4;
  doc.moveTo(left, y).lineTo(right, y).strokeColor(COLOR.rule).stroke();
  doc.font('Helvetica');
  // A long order runs onto further pages.
  const roomFor = (height: number) => {
    if (y + height > doc.page.height - PAGE_MARGIN) {
      doc.addPage();
      y = PAGE_MARGIN;
    }
  };
  for (const line of receipt.lines) {
    y += 6;
    roomFor(30);
    doc.text(line.name, cols.item, y, { width: colWidth.item });
    const nameBottom = doc.y;
    doc.text(String(line.qty), cols.qty, y, { width: colWidth.qty, align: 'right' });
    doc.text(formatTTD(line.unitPrice), cols.unit, y, { width: colWidth.unit, align: 'right' });
    doc.text(formatTTD(line.lineTotal), cols.amount, y, { width: colWidth.amount, align: 'right' });
    y = Math.max(nameBottom, doc.y);
  }
  y += 4;
  doc.moveTo(left, y).lineTo(right, y).strokeColor(COLOR.rule).stroke();

  // The totals, right-aligned under the amounts.
  const labelX = left + width * 0.3;
  const labelWidth = width * 0.5;
  const total = (label: string, amount: string, bold = false) => {
    y += 6;
    roomFor(20);
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(bold ? 12 : 10);
    doc.text(label, labelX, y, { width: labelWidth, align: 'right' });
    doc.text(amount, cols.amount, y, { width: colWidth.amount, align: 'right' });
    y = doc.y;
  };
  total('Subtotal', formatTTD(receipt.itemsTotal));
  if (receipt.discount) total(`Discount (${receipt.discount.code})`, `-${formatTTD(receipt.discount.amount)}`);
  total(receipt.delivery.label, formatTTD(receipt.delivery.cost));
  total('Total', formatTTD(receipt.total), true);
  if (receipt.vat) {
    total(`Includes VAT at ${receipt.vat.ratePercent}%`, formatTTD(receipt.vat.amount));
  }

  doc.font('Helvetica').fontSize(10).fillColor(COLOR.text);
  y += 18;
  roomFor(80);
  doc.text('', left, y, { width });
  if (receipt.vat) doc.text(`All prices include VAT at ${receipt.vat.ratePercent}%.`, { width });
  doc.text(`Payment: ${paymentText(receipt)}`, { width });
  for (const line of receipt.payment.instructions ?? []) doc.text(line, { width });
  doc.text('All amounts are in Trinidad and Tobago dollars (TT$).', { width });
  doc.moveDown(1);
  doc.fillColor(COLOR.muted).text(`Thank you for shopping with ${receipt.shop.name}.`, { width });
  doc.end();
  return done;
}
