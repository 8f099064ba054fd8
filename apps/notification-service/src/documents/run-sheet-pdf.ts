import type { RunSheet } from '@shop/contracts';
import { formatTTD } from '@shop/money';
import { internationalPhoneDisplay } from '@shop/rules';
import { COLOR, openA4, PAGE_MARGIN, roomFor, rule, tickBox } from './pdf-pages';

const phoneText = (phone: string) => internationalPhoneDisplay(phone) ?? phone;

/** `2026-11-26` as people read it: `Thursday 26 November 2026`. */
export function longDay(day: string): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(`${day}T12:00:00Z`));
}

/**
 * A day's delivery run sheet as an A4 PDF: one section per delivery area, one block per stop (order number,
 * customer, phone, address, items, the amount to collect for a pay-in-person order) with a box to tick once
 * delivered, and the total to collect.
 */
export async function renderRunSheetPdf(sheet: RunSheet): Promise<Buffer> {
  const { doc, done } = await openA4({
    Title: `Run sheet ${sheet.date}`,
    Author: sheet.shop.name,
    Subject: `Deliveries for ${sheet.date}`,
    date: new Date(`${sheet.date}T12:00:00Z`),
  });
  const left = PAGE_MARGIN;
  const width = doc.page.width - PAGE_MARGIN * 2;
  const stops = sheet.areas.reduce((n, a) => n + a.stops.length, 0);

  doc.fillColor(COLOR.primary).font('Helvetica-Bold').fontSize(20).text(sheet.shop.name, left, PAGE_MARGIN, { width });
  doc.moveDown(0.6);
  doc.fillColor(COLOR.text).font('Helvetica-Bold').fontSize(16).text(`Delivery run sheet: ${longDay(sheet.date)}`, { width });
  doc.font('Helvetica').fontSize(10).moveDown(0.3);
  doc.text(`${stops} ${stops === 1 ? 'order' : 'orders'} in ${sheet.areas.length} ${sheet.areas.length === 1 ? 'area' : 'areas'}. To collect in person: ${formatTTD(sheet.totalToCollect)}`, { width });
  if (stops === 0) doc.moveDown(1).font('Helvetica-Bold').fontSize(12).text('No orders to deliver on this day.', { width });

  let y = doc.y + 8;
  for (const area of sheet.areas) {
    y = roomFor(doc, y + 10, 60);
    doc.fillColor(COLOR.primary).font('Helvetica-Bold').fontSize(13).text(`${area.name} (${area.stops.length})`, left, y, { width });
    y = doc.y + 2;
    rule(doc, y);
    for (const stop of area.stops) {
      const itemsText = stop.lines.map((l) => `${l.qty} x ${l.name}`).join(', ');
      const height = doc.font('Helvetica').fontSize(10).heightOfString(itemsText, { width: width - 24 }) + 60;
      const before = y + 8;
      y = roomFor(doc, before, height);
      if (y < before) {
        // A new page: the driver still sees which area these stops are in.
        doc.fillColor(COLOR.primary).font('Helvetica-Bold').fontSize(13).text(`${area.name} (continued)`, left, y, { width });
        y = doc.y + 2;
        rule(doc, y);
        y += 8;
      }
      tickBox(doc, left, y + 1);
      const x = left + 24;
      const w = width - 24;
      doc.fillColor(COLOR.text).font('Helvetica-Bold').fontSize(11).text(`${stop.orderNumber}  ${stop.customerName}`, x, y, { width: w * 0.62 });
      const nameBottom = doc.y;
      doc.text(stop.collect !== null ? `Collect ${formatTTD(stop.collect)}${stop.collectWith ? ` (${stop.collectWith === 'linx' ? 'Linx' : 'cash'})` : ''}` : 'Paid', x + w * 0.62, y, { width: w * 0.38, align: 'right' });
      doc.font('Helvetica').fontSize(10).text('', x, Math.max(nameBottom, doc.y), { width: w });
      doc.text([stop.phone ? `Phone ${phoneText(stop.phone)}` : null, stop.address || null, stop.status].filter(Boolean).join('  |  '), { width: w });
      doc.fillColor(COLOR.muted).text(itemsText, { width: w });
      y = doc.y + 4;
    }
  }
  doc.end();
  return done;
}
