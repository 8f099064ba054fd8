import { Link } from 'react-router-dom';
import { type Range, RANGES } from '../utils/date-range';

/** Links rather than a form: each range is a shareable URL and the current one is marked for screen readers. */
export function RangePicker({ current }: { current: Range }) {
  return (
    <nav className="range-picker" aria-label="Date range">
      <ul className="chip-list">
        {RANGES.map((days) => (
          <li key={days}>
            <Link
              className={`range-picker__link${days === current ? ' range-picker__link--current' : ''}`}
              to={`?range=${days}`}
              aria-current={days === current ? 'page' : undefined}
              preventScrollReset
            >
              {/* 'Last' stays in the name for screen readers when a phone hides it for room. */}
              <span className="visually-hidden-narrow">Last&nbsp;</span>
              {days} days
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
