import { adminGetOrdersCsv, adminGetRunSheet, errorMessage } from '@shop/api-client';
import { exportRangeRefusal, ordersExportFileName, runSheetFileName, shopDayOf } from '@shop/contracts';
import { downloadBlob } from '@shop/web-ui';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { FormAlert } from '../../../components/ui/form-alert';
import { TextField } from '../../../components/ui/text-field';
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
        <DocumentForm
          title="Delivery run sheet"
          hint="The orders to deliver on the day, grouped by area, with what to collect (PDF)."
          status={sheet}
          button={sheet.busy ? 'Preparing run sheet…' : 'Run sheet'}
          onSubmit={(e) => void printRunSheet(e)}
          onEdit={() => setSheet(idle)}
        >
          <TextField id={`${id}-day`} label="Day" type="date" required value={day} onValue={setDay} />
        </DocumentForm>
        <DocumentForm
          title="Export orders (CSV)"
          hint="Every order placed in the dates, with amounts and VAT, for the accountant (up to 366 days)."
          status={csv}
          button={csv.busy ? 'Preparing file…' : 'Export CSV'}
          onSubmit={(e) => void exportCsv(e)}
          onEdit={() => setCsv(idle)}
        >
          <TextField id={`${id}-from`} label="From" type="date" required value={from} onValue={setFrom} />
          <TextField id={`${id}-to`} label="To" type="date" required value={to} onValue={setTo} />
        </DocumentForm>
      </div>
    </details>
  );
}

interface DocumentFormProps {
  title: string;
  hint: string;
  status: Status;
  /** The button's words, which say when the file is being prepared. */
  button: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** A changed date: the form's last message no longer applies. */
  onEdit: () => void;
  /** The form's dates. */
  children: ReactNode;
}

/** One printout or file: its dates and button, and what went wrong the last time. */
function DocumentForm({ title, hint, status, button, onSubmit, onEdit, children }: DocumentFormProps) {
  const id = useId();
  return (
    <form className="order-documents__form" onSubmit={onSubmit} onChange={onEdit} aria-labelledby={id}>
      <h2 className="order-documents__title" id={id}>
        {title}
      </h2>
      <p className="field__hint">{hint}</p>
      <div className="order-documents__row">
        {children}
        <button type="submit" className="button" disabled={status.busy}>
          {button}
        </button>
      </div>
      <FormAlert message={status.error} />
    </form>
  );
}
