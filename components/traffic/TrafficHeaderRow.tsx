import { CELL_CLASS, COLUMN_NAMES, ROW_HEIGHT, SIZE_COLUMN_HIDDEN } from './columns';

/** The traffic table's column headers: the live table's and a stored session's window's. */
export function TrafficHeaderRow() {
  return (
    <div role="rowgroup">
      <div
        role="row"
        aria-rowindex={1}
        style={{ height: ROW_HEIGHT, lineHeight: `${ROW_HEIGHT - 1}px` }}
        className="relative whitespace-nowrap border-b border-zinc-700 bg-zinc-900 text-[11px] font-medium text-zinc-400"
      >
        {COLUMN_NAMES.map((name, i) => (
          <span
            key={name}
            role="columnheader"
            className={`${CELL_CLASS[i]} overflow-hidden px-2 ${i === 4 || i === 3 || i === 8 ? 'text-left' : i === 2 ? 'text-center' : 'text-right'} ${i === 6 ? SIZE_COLUMN_HIDDEN : ''}`}
          >
            {name}
          </span>
        ))}
      </div>
    </div>
  );
}
