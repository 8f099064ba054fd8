import { adminGetOrdersCsv, adminGetRunSheet, errorMessage } from '@shop/api-client';
import { exportRangeRefusal, ordersExportFileName, runSheetFileName, shopDayOf } from '@shop/contracts';
import { downloadBlob } from '@shop/web-ui';
import { type FormEvent, useId, useState } from 'react';
import { FormAlert } from '../../../components/ui/form-alert';
import './documents.css';

type Status = { busy: boolean; error: string | null };
const idle: Status = { busy: false, error: null };
const shopToday = () => shopDayOf(new Date().toISOString());

/**
 * The orders screen's printouts and files (issue 26): a day's delivery run sheet (PDF, grouped by area) and the
 * orders of a date range as a CSV file for the accountant. The gateway checks the dates again; its message shows here.
 */
export function OrderDocumentsPanel() {
  const id = useId();
  const [day, setDay] = useState(shopToday);
  const [from, setFrom] = useState(() => `${shopToday().slice(0, 8)}01`);
  const [to, setTo] = useState(shopToday);
  const [sheet, setSheet] = useState<Status>(idle);
  const [csv, setCsv] = useState<Status>(idle);

  async function printRunSheet(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSheet({ busy: true, error: null });
    try {
      downloadBlob(await adminGetRunSheet(day), runSheetFileName(day));
      setSheet(idle);
    } catch (caught) {
      setSheet({ busy: false, error: errorMessage(caught) });
    }
  }

  async function exportCsv(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const refusal = from && to ? exportRangeRefusal(from, to) : 'Choose both dates';
    if (refusal) {
      setCsv({ busy: false, error: refusal });
      return;
    }
    setCsv({ busy: true, error: null });
    try {
      downloadBlob(await adminGetOrdersCsv(from, to), ordersExportFileName(from, to));
      setCsv(idle);
    } catch (caught) {
      setCsv({ busy: false, error: errorMessage(caught) });
    }
  }

  return (
    <details className="order-documents card">
      <summary className="order-documents__summary">Run sheet and export</summary>
      <div className="order-documents__forms">
        <form className="order-documents__form" onSubmit={(e) => void printRunSheet(e)} aria-labelledby={`${id}-sheet`}>
          <h2 className="order-documents__title" id={`${id}-sheet`}>
            Delivery run sheet
          </h2>
          <p className="field__hint">The orders to deliver on the day, grouped by area, with what to collect (PDF).</p>
          <div className="order-documents__row">
            <div className="field">
              <label className="field__label" htmlFor={`${id}-day`}>
                Day
              </label>
              <input id={`${id}-day`} className="field__input" type="date" required value={day} onChange={(e) => {
                  setDay(e.target.value);
                  setSheet(idle);
                }} />
            </div>
            <button type="submit" className="button" disabled={sheet.busy}>
              {sheet.busy ? 'Preparing run sheet…' : 'Run sheet'}
            </button>
          </div>
          <FormAlert message={sheet.error} />
        </form>
        <form className="order-documents__form" onSubmit={(e) => void exportCsv(e)} aria-labelledby={`${id}-csv`}>
          <h2 className="order-documents__title" id={`${id}-csv`}>
            Export orders (CSV)
          </h2>
          <p className="field__hint">Every order placed in the dates, with amounts and VAT, for the accountant (up to 366 days).</p>
          <div className="order-documents__row">
            <div className="field">
              <label className="field__label" htmlFor={`${id}-from`}>
                From
              </label>
              <input id={`${id}-from`} className="field__input" type="date" required value={from} onChange={(e) => {
                  setFrom(e.target.value);
                  setCsv(idle);
                }} />
            </div>
            <div className="field">
              <label className="field__label" htmlFor={`${id}-to`}>
                To
              </label>
              <input id={`${id}-to`} className="field__input" type="date" required value={to} onChange={(e) => {
                  setTo(e.target.value);
                  setCsv(idle);
                }} />
            </div>
            <button type="submit" className="button" disabled={csv.busy}>
              {csv.busy ? 'Preparing file…' : 'Export CSV'}
            </button>
          </div>
          <FormAlert message={csv.error} />
        </form>
      </div>
    </details>
  );
}
