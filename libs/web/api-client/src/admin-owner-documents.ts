import type { ProductImportReport } from '@shop/contracts';
import { getBlob, sendForm } from './api-client';

/** A confirmed order's packing slip PDF (`GET /api/orders/{id}/packing-slip`, admin). */
export function adminGetPackingSlip(id: string, options: { signal?: AbortSignal } = {}): Promise<Blob> {
  return getBlob(`orders/${encodeURIComponent(id)}/packing-slip`, options);
}

/** A day's delivery run sheet PDF, grouped by area (`GET /api/order-documents/run-sheet?date=`, admin). */
export function adminGetRunSheet(date: string, options: { signal?: AbortSignal } = {}): Promise<Blob> {
  return getBlob(`order-documents/run-sheet?date=${encodeURIComponent(date)}`, options);
}

/** The orders placed from `from` to `to` as a CSV file (`GET /api/order-documents/orders.csv`, admin). */
export function adminGetOrdersCsv(from: string, to: string, options: { signal?: AbortSignal } = {}): Promise<Blob> {
  return getBlob(`order-documents/orders.csv?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`, options);
}

/** Every product as a CSV file (`GET /api/products-csv`, admin). */
export function adminGetProductsCsv(options: { signal?: AbortSignal } = {}): Promise<Blob> {
  return getBlob('products-csv', options);
}

/** Checks (dry run) or imports a products CSV file (`POST /api/products-csv/import`, admin): every change and every refused row. */
export function adminImportProductsCsv(file: Blob, dryRun: boolean): Promise<ProductImportReport> {
  const form = new FormData();
  form.append('file', file);
  return sendForm<ProductImportReport>('products-csv/import', form, { searchParams: { dryRun: String(dryRun) }, timeout: 60_000 });
}
