'use client';
import { useSyncExternalStore } from 'react';
import { isRedactedView } from '../../lib/browser/redacted-view';

const never = () => () => undefined;

/** Tells whoever opens a redacted page (or a picture of it) that secrets on it are masked, and
 *  that the person's own live page shows them as they crossed. */
export function RedactedBadge() {
  // The static export renders without a window: the badge appears once the page runs.
  const redacted = useSyncExternalStore(never, isRedactedView, () => false);
  if (!redacted) return null;
  return (
    <div role="status" aria-label="Redacted view" className="border-b border-sky-900 bg-sky-950/60 px-3 py-1 text-xs text-sky-200">
      <span className="font-semibold">Redacted view</span>: secrets are masked as an exported trace masks them («redacted:rule»).
    </div>
  );
}
