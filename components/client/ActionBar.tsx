'use client';
import type { ReactNode } from 'react';

/**
 * A form's action (Call, Get) pinned to the bottom of the client panel while the form runs past
 * it: with a frame's detail docked below the panel, a long form would otherwise push its one
 * button out of view. Once scrolled past, the bar sits in its place above the result.
 */
export function ActionBar({ children }: { children: ReactNode }) {
  return (
    // The panel's padding (p-3) is outside the sticky area: the negative offset and margins take
    // the bar to the panel's edges, and its own background hides the fields that scroll under it.
    <div className="sticky -bottom-3 z-10 -mx-3 flex items-center gap-2 border-t border-zinc-800 bg-zinc-900 px-3 py-2">{children}</div>
  );
}
