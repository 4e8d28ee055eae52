'use client';
import type { ReactNode } from 'react';

/**
 * A timing table with its heading: the heading stays put and the table scrolls in its own box
 * (its header row pinned), so however many methods a session used, the box beside or below it
 * keeps its share of the room instead of being pushed out of view.
 */
export function TimingTableBox({ title, note, className = '', children }: { title: string; note?: string; className?: string; children: ReactNode }) {
  return (
    // Shrinks with its content's height as the basis: a long table gives up more room than a short one.
    <div className={`flex min-h-[7.5rem] min-w-0 flex-col @5xl:min-h-0 ${className}`}>
      <h3 className="mb-1 shrink-0 text-sm font-semibold">
        {title}
        {note && <span className="font-normal text-zinc-400"> ({note})</span>}
      </h3>
      {/* The header row and the first column (method, frame) stay pinned while the table scrolls. */}
      <div className="min-h-0 overflow-auto [&_thead_th]:sticky [&_thead_th]:top-0 [&_thead_th]:z-10 [&_tr>:first-child]:sticky [&_tr>:first-child]:left-0 [&_tr>:first-child]:bg-zinc-950 [&_thead_th]:bg-zinc-950 [&_thead_th:first-child]:z-20">
        {children}
      </div>
    </div>
  );
}
