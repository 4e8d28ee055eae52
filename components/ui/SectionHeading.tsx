import type { ReactNode } from 'react';

export function SectionHeading({ id, children, actions }: { id: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <div className="flex items-center justify-between px-3 pb-1 pt-3">
      <h2 id={id} className="text-[11px] font-semibold uppercase tracking-wider text-zinc-500">
        {children}
      </h2>
      {actions}
    </div>
  );
}
