import { adminGetProductsCsv, adminImportProductsCsv, errorMessage } from '@shop/api-client';
import type { ProductImportReport } from '@shop/contracts';
import { PRODUCT_CSV_MAX_BYTES } from '@shop/rules';
import { downloadBlob, toast } from '@shop/web-ui';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import { ProductImportReportView } from '../../features/documents/components/product-import-report';
import { TextField } from '../../components/ui/text-field';
import './product-import.css';

type Busy = 'idle' | 'exporting' | 'checking' | 'importing';

/**
 * Products in bulk (issue 26): export every product as a CSV file, change prices and stock in a spreadsheet, and
 * upload it. The upload is first a dry run listing every change and every refused row; only a clean dry run can be
 * imported, and the import writes all the changes at once.
 */
export function ProductImportRoute() {
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<ProductImportReport | null>(null);
  const [busy, setBusy] = useState<Busy>('idle');
  const [error, setError] = useState<string | null>(null);

  async function exportProducts() {
    setBusy('exporting');
    setError(null);
    try {
      downloadBlob(await adminGetProductsCsv(), 'products.csv');
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy('idle');
    }
  }

  async function check(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setReport(null);
    if (!file) {
      setError('Choose a CSV file first');
      return;
    }
    if (file.size > PRODUCT_CSV_MAX_BYTES) {
      setError(`The file is too big: at most ${Math.floor(PRODUCT_CSV_MAX_BYTES / 1024)} KB can be imported at once`);
      return;
    }
    setBusy('checking');
    setError(null);
    try {
      setReport(await adminImportProductsCsv(file, true));
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy('idle');
    }
  }

  async function apply() {
    if (!file) return;
    setBusy('importing');
    setError(null);
    try {
      const done = await adminImportProductsCsv(file, false);
      setReport(done);
      toast(`Imported ${done.changes.length} ${done.changes.length === 1 ? 'change' : 'changes'}`);
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy('idle');
    }
  }

  const canImport = report !== null && !report.applied && report.refused.length === 0 && report.changes.length > 0;

  return (
    <>
      <title>Import and export products | Island Glow Admin</title>
      <p>
        <Link to={paths.products}>Back to products</Link>
      </p>
      <h1 className="page-title">Import and export products</h1>
      <p className="product-import__intro">
        Change prices and stock for many products at once: export the products, edit the <strong>price</strong> and <strong>stock</strong> columns in a
        spreadsheet, save it as CSV and upload it here. A cell left empty is not changed; names and types are not changed. You first see every change and
        every refused row; nothing is written until you confirm, and nothing at all if any row is refused.
      </p>
      <section className="card product-import__step" aria-labelledby={`${id}-export`}>
        <h2 className="product-import__title" id={`${id}-export`}>
          1. Export
        </h2>
        <button type="button" className="button button--secondary" disabled={busy !== 'idle'} onClick={() => void exportProducts()}>
          {busy === 'exporting' ? 'Preparing file…' : 'Export products (CSV)'}
        </button>
      </section>
      <form className="card product-import__step" onSubmit={(e) => void check(e)} aria-labelledby={`${id}-upload`}>
        <h2 className="product-import__title" id={`${id}-upload`}>
          2. Upload and check
        </h2>
        <TextField
          id={`${id}-file`}
          label="CSV file"
          hint={`Columns: id, and price and/or stock (as exported). Up to 2,000 rows, ${Math.floor(PRODUCT_CSV_MAX_BYTES / 1024)} KB.`}
          hintBelow
          type="file"
          accept=".csv,text/csv"
          onChange={(e) => {
            setFile(e.target.files?.[0] ?? null);
            setReport(null);
            setError(null);
          }}
        />
        <button type="submit" className="button" disabled={busy !== 'idle'}>
          {busy === 'checking' ? 'Checking…' : 'Check file (dry run)'}
        </button>
      </form>
      {error && (
        <p className="result-panel result-panel--error" role="alert">
          {error}
        </p>
      )}
      {report && <ProductImportReportView report={report} />}
      {report && !report.applied && (
        <div className="product-import__confirm">
          <button type="button" className="button" disabled={!canImport || busy !== 'idle'} onClick={() => void apply()}>
            {busy === 'importing' ? 'Importing…' : `Import ${report.changes.length} ${report.changes.length === 1 ? 'change' : 'changes'}`}
          </button>
        </div>
      )}
    </>
  );
}
