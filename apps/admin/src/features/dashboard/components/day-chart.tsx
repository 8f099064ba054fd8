import { useId } from 'react';
import { formatLongDay, formatShortDay } from '../utils/date-range';

interface DayChartProps {
  title: string;
  /** Column heading of the value in the data table, e.g. 'Revenue'. */
  valueLabel: string;
  days: Array<{ date: string; value: number }>;
  /** How a value is written (TT$ for money, a plain count for orders). */
  format: (value: number) => string;
  /** One sentence for the whole chart, read before the table. */
  summary: string;
}

const WIDTH = 600;
const HEIGHT = 200;

/**
 * Columns, one per day, drawn as an SVG that stretches to its box; the numbers sit in HTML beside it (so text
 * never stretches) and the data table below is the chart's text alternative for screen readers and anyone
 * who wants the figures.
 */
export function DayChart({ title, valueLabel, days, format, summary }: DayChartProps) {
  const id = useId();
  const max = Math.max(0, ...days.map((d) => d.value));
  const best = days.reduce<(typeof days)[number] | null>((top, d) => (d.value > 0 && (!top || d.value > top.value) ? d : top), null);
  const slot = WIDTH / Math.max(days.length, 1);
  const gap = days.length > 40 ? 0.5 : slot * 0.2;
  return (
    <figure className="chart card" aria-labelledby={`${id}-title`}>
      <figcaption>
        <h3 id={`${id}-title`} className="chart__title">
          {title}
        </h3>
        <p className="chart__summary">{summary}</p>
      </figcaption>
      <div className="day-chart">
        <div className="day-chart__axis" aria-hidden="true">
          <span>{format(max)}</span>
          <span>{format(0)}</span>
        </div>
        <div className="day-chart__plot">
          <svg
            className="day-chart__svg"
            viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
            preserveAspectRatio="none"
            aria-hidden="true"
            focusable="false"
          >
            <line x1={0} y1={HEIGHT - 0.5} x2={WIDTH} y2={HEIGHT - 0.5} className="day-chart__baseline" />
            {max > 0 &&
              days.map((d, i) => {
                const h = (d.value / max) * (HEIGHT - 4);
                return d.value > 0 ? (
                  <rect
                    key={d.date}
                    className={d === best ? 'day-chart__bar day-chart__bar--best' : 'day-chart__bar'}
                    x={i * slot + gap / 2}
                    y={HEIGHT - h}
                    width={Math.max(slot - gap, 1)}
                    height={h}
                  >
                    <title>{`${formatShortDay(d.date)}: ${format(d.value)}`}</title>
                  </rect>
                ) : null;
              })}
          </svg>
          <div className="day-chart__dates" aria-hidden="true">
            <span>{days.length > 0 ? formatShortDay(days[0].date) : ''}</span>
            <span>{days.length > 0 ? formatShortDay(days[days.length - 1].date) : ''}</span>
          </div>
        </div>
      </div>
      <details className="chart__data">
        <summary>Show the figures for each day</summary>
        <div className="table-box" role="region" aria-label={`${title}: figures`} tabIndex={0}>
          <table className="data-table">
            <caption className="visually-hidden">
              {title}, {valueLabel.toLowerCase()} per day
            </caption>
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col" className="data-table__number">
                  {valueLabel}
                </th>
              </tr>
            </thead>
            <tbody>
              {days.map((d) => (
                <tr key={d.date}>
                  <th scope="row">{formatLongDay(d.date)}</th>
                  <td className="data-table__number">{format(d.value)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
