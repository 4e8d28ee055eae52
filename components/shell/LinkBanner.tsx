'use client';
import { getSocket } from '../../lib/browser/socket';
import { useLoupe } from '../../lib/browser/store';
import { Button } from '../ui/Button';

/** Says plainly when the page cannot talk to the proxy, and what to do about it. */
export function LinkBanner() {
  const link = useLoupe((s) => s.link);
  if (link.status === 'open') return null;
  if (link.status === 'connecting') {
    return (
      <div role="status" className="border-b border-zinc-800 bg-zinc-900 px-3 py-1 text-xs text-zinc-400">
        Connecting to the Loupe proxy…
      </div>
    );
  }
  return (
    <div role="alert" className="flex items-center gap-2 border-b border-amber-900 bg-amber-950/60 px-3 py-1.5 text-xs text-amber-200">
      <span className="flex-1">{link.message}</span>
      {link.status === 'closed' && <Button onClick={() => getSocket().retryNow()}>Retry now</Button>}
    </div>
  );
}
