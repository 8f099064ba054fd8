import type { ProductImportChange, ProductImportReport } from '@shop/contracts';
import { formatTTD } from '@shop/money';
import { TableHead } from '../../../components/ui/table-head';

const valueText = (change: ProductImportChange, value: number) => (change.field === 'price' ? formatTTD(value) : value.toLocaleString('en-US'));
const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** What a products file does or would do: every refused row (line and reason) and every change (product, field, old → new). */
export function ProductImportReportView({ report }: { report: ProductImportReport }) {
  const { refused, changes } = report;
  const headline = report.applied
    ? `Imported: ${plural(changes.length, 'change', 'changes')} written.`
    : refused.length > 0
      ? `${plural(refused.length, 'row is', 'rows are')} refused, so nothing will be written. Correct the file and check it again.`
      : changes.length === 0
        ? 'Nothing to change: every row matches the shop.'
        : `Ready to import ${plural(changes.length, 'change', 'changes')}. Nothing has been written yet.`;
  return (
    <section className={`result-panel product-import__report${refused.length > 0 ? ' result-panel--error' : ''}`} aria-labelledby="import-report-title">
      <h2 id="import-report-title">{report.applied ? 'Import done' : 'Dry run'}</h2>
      <p role="status">{headline}</p>
      <p className="product-import__counts">
        {plural(report.rows, 'row', 'rows')} read · {plural(changes.length, 'change', 'changes')} · {plural(report.unchanged, 'row', 'rows')} unchanged ·{' '}
        {plural(refused.length, 'refused', 'refused')}
      </p>
      {refused.length > 0 && (
        <>
          <h3>Refused rows</h3>
          <ul className="product-import__refused">
            {refused.map((r) => (
              <li key={`${r.line}:${r.reason}`}>
                <strong>Line {r.line}:</strong> {r.reason}
              </li>
            ))}
          </ul>
        </>
      )}
      {changes.length > 0 && (
        <>
          <h3>{report.applied ? 'Changes written' : 'Changes'}</h3>
          {/* Focusable, so that a keyboard can scroll a table wider than a phone. */}
          <div className="product-import__table-wrap" tabIndex={0} role="group" aria-label={report.applied ? 'Changes written' : 'Changes'}>
            <table className="product-import__table">
              <TableHead columns={['Line', 'Product', 'Change']} />
              <tbody>
                {changes.map((c) => (
                  <tr key={`${c.line}:${c.field}`}>
                    <td className="product-import__line">{c.line}</td>
                    <td className="product-import__name">{c.name}</td>
                    <td>
                      {c.field === 'price' ? 'Price' : 'Stock'}: {valueText(c, c.from)} → {valueText(c, c.to)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
