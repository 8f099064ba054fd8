import type { PackingSlip } from '@shop/contracts';
import { internationalPhoneDisplay } from '@shop/rules';
import { shopDateTime } from '../receipts/receipt-pdf';
import { COLOR, openA4, PAGE_MARGIN, roomFor, rule, tickBox } from './pdf-pages';

const phoneText = (phone: string) => internationalPhoneDisplay(phone) ?? phone;

/**
 * A packing slip as an A4 PDF: the shop, the order number and date, who and where it goes, and each item with its
 * quantity and a box to tick once it is in the bag. No prices: the slip travels in the parcel; only the amount to
 * collect for a pay-in-person order is printed.
 */
export async function renderPackingSlipPdf(slip: PackingSlip): Promise<Buffer> {
  const { doc, done } = await openA4({
    Title: `Packing slip ${slip.orderNumber}`,
    Author: slip.shop.name,
    Subject: `Packing slip for order ${slip.orderNumber}`,
    date: new Date(slip.placedAt),
  });
  const left = PAGE_MARGIN;
  const width = doc.page.width - PAGE_MARGIN * 2;

  doc.fillColor(COLOR.primary).font('Helvetica-Bold').fontSize(20).text(slip.shop.name, left, PAGE_MARGIN, { width });
  if (slip.shop.phone) doc.fillColor(COLOR.muted).font('Helvetica').fontSize(10).text(`Phone ${phoneText(slip.shop.phone)}`, { width });
  doc.moveDown(1.2);
  doc.fillColor(COLOR.text).font('Helvetica-Bold').fontSize(16).text(`Packing slip ${slip.orderNumber}`, { width });
  doc.font('Helvetica').fontSize(10).moveDown(0.3);
  doc.text(`Order number: ${slip.orderNumber}`, { width });
  doc.text(`Date: ${shopDateTime(slip.placedAt)}`, { width });

  doc.moveDown(0.8);
  doc.font('Helvetica-Bold').fontSize(12).text('Deliver to', { width });
  doc.font('Helvetica').fontSize(11);
  doc.text(slip.customerName, { width });
  if (slip.phone) doc.text(`Phone: ${phoneText(slip.phone)}`, { width });
  if (slip.address) doc.text(`Address: ${slip.address}`, { width });
  doc.text(`Area: ${slip.area ?? 'No delivery area'}`, { width });
  doc.font('Helvetica-Bold').text(`Payment: ${slip.payment}`, { width });
  if (slip.note) {
    doc.moveDown(0.5).font('Helvetica-Bold').text('Delivery note', { width });
    doc.font('Helvetica').text(slip.note, { width });
  }

  // Items: a box to tick, the quantity, the name.
  doc.moveDown(1.2);
  let y = doc.y;
  const cols = { box: left, qty: left + 24, item: left + 74 };
  doc.font('Helvetica-Bold').fontSize(10);
  doc.text('Qty', cols.qty, y, { width: 40, align: 'right' });
  doc.text('Item', cols.item, y, { width: width - 74 });
  y = doc.y + 4;
  rule(doc, y);
  doc.font('Helvetica').fontSize(11);
  let units = 0;
  for (const line of slip.lines) {
    y = roomFor(doc, y + 8, 24);
    tickBox(doc, cols.box, y);
    doc.fillColor(COLOR.text).text(String(line.qty), cols.qty, y, { width: 40, align: 'right' });
    doc.text(line.name, cols.item, y, { width: width - 74 });
    y = doc.y;
    units += line.qty;
  }
  y += 6;
  rule(doc, y);
  y = roomFor(doc, y + 8, 40);
  doc.font('Helvetica-Bold').text(`${units} ${units === 1 ? 'item' : 'items'} in ${slip.lines.length} ${slip.lines.length === 1 ? 'line' : 'lines'}`, left, y, { width });
  doc.moveDown(2);
  doc.font('Helvetica').fillColor(COLOR.muted).text('Packed by: ____________________     Checked by: ____________________', { width });
  doc.end();
  return done;
}
