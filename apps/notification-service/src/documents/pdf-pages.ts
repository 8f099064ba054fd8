import type { RenderedPdf } from '@shop/contracts';
import { loadPdfKit } from '../receipts/receipt-pdf';

export const PAGE_MARGIN = 50;
export const COLOR = { text: '#2d1b12', muted: '#6b5143', primary: '#c2384f', rule: '#d9c2ad' };

export type PdfDoc = InstanceType<Awaited<ReturnType<typeof loadPdfKit>>>;

/**
 * An A4 document with pdfkit (as the receipts: built-in Helvetica, so no font file is read) and the promise of
 * its bytes once `end()` is called. The dates in its info are the caller's, so the same input gives the same file.
 */
export async function openA4(info: { Title: string; Author: string; Subject: string; date: Date }): Promise<{ doc: PdfDoc; done: Promise<Buffer> }> {
  const PDFDocument = await loadPdfKit();
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE_MARGIN,
    info: { Title: info.Title, Author: info.Author, Subject: info.Subject, CreationDate: info.date, ModDate: info.date },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done };
}

/** A printed PDF as the services answer it over NATS: its file name and its bytes, base64. */
export async function renderedPdf(filename: string, pdf: Promise<Buffer>): Promise<RenderedPdf> {
  return { filename, pdfBase64: (await pdf).toString('base64') };
}

/** Starts a new page when `height` more points would not fit under `y`; answers where to write next. */
export function roomFor(doc: PdfDoc, y: number, height: number): number {
  if (y + height > doc.page.height - PAGE_MARGIN) {
    doc.addPage();
    return PAGE_MARGIN;
  }
  return y;
}

/** An empty square to tick by hand, its top-left at (x, y). */
export function tickBox(doc: PdfDoc, x: number, y: number, size = 10): void {
  doc.save().lineWidth(0.8).rect(x, y, size, size).strokeColor(COLOR.text).stroke().restore();
}

/** A thin rule across the page at `y`. */
export function rule(doc: PdfDoc, y: number): void {
  doc.moveTo(PAGE_MARGIN, y).lineTo(doc.page.width - PAGE_MARGIN, y).strokeColor(COLOR.rule).stroke();
}
