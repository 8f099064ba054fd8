import type { ReactNode } from 'react';

/** A column heading: its words, or an object for a class (a number column) or words only screen readers read (an actions column). */
export type Column = string | { label: string; className?: string; hidden?: boolean };

interface TableHeadProps {
  columns: readonly Column[];
  /** Headings of their own (a sorting link) before the plain ones. */
  children?: ReactNode;
}

/** A table's one row of column headings. */
export function TableHead({ columns, children }: TableHeadProps) {
  return (
    <thead>
      <tr>
        {children}
        {columns.map((column) => {
          const { label, className, hidden } = typeof column === 'string' ? { label: column } : column;
          return (
            <th key={label} scope="col" className={className}>
              {hidden ? <span className="visually-hidden">{label}</span> : label}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}
