// The console's tables: a box that scrolls on its own (wide tables on a tablet), reachable and named
// for keyboard and screen-reader users, with a header row of column names.
import type { ReactNode } from 'react';

export interface Column {
  label: ReactNode;
  className?: string;
}

export function StaffTable({
  label,
  columns,
  className,
  children,
}: {
  label: string;
  columns: (ReactNode | Column)[];
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className="staff-table-scroll" tabIndex={0} role="region" aria-label={label}>
      <table className={className ? `staff-table ${className}` : 'staff-table'}>
        <thead>
          <tr>
            {columns.map((column, index) => {
              const { label: text, className: columnClass } = isColumn(column)
                ? column
                : { label: column, className: undefined };
              return (
                <th scope="col" key={index} className={columnClass}>
                  {text}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

function isColumn(value: ReactNode | Column): value is Column {
  return typeof value === 'object' && value !== null && 'label' in value;
}

/** A column without a visible name (a row's buttons), named for screen readers. */
export function hiddenColumn(label: string): ReactNode {
  return <span className="visually-hidden">{label}</span>;
}
