'use client';
import { useState } from 'react';
import { clientOf, listOf } from '../../../lib/browser/client-panel/clientState';
import { startListen, stopListen } from '../../../lib/browser/modernActions';
import { useLoupe } from '../../../lib/browser/store';
import type { Listen } from '../../../lib/wire/client-state';
import { Button } from '../../ui/Button';
import { inputClass } from '../../ui/Field';

const KINDS = ['toolsListChanged', 'promptsListChanged', 'resourcesListChanged'] as const;
const statusColor: Record<Listen['status'], string> = { opening: 'text-sky-300', open: 'text-emerald-300', closed: 'text-zinc-400', failed: 'text-red-300' };

/**
 * subscriptions/listen (basic/patterns/subscriptions): pick what to hear about, start a stream,
 * see the server's acknowledgement (what it agreed to) and every notification tagged with the
 * stream's subscription id, and stop it.
 */
export function ListenTab({ sessionId, ready }: { sessionId: string; ready: boolean }) {
  const client = useLoupe((s) => clientOf(s, sessionId));
  const [kinds, setKinds] = useState<Record<string, boolean>>({ toolsListChanged: true });
  const [uris, setUris] = useState('');
  const [error, setError] = useState<string>();
  const resources = (listOf(client, 'resources')?.items ?? []).map((r) => String(r.uri));
  const start = () => {
    const subscriptions = uris
      .split('\n')
      .map((u) => u.trim())
      .filter(Boolean);
    const filter = {
      ...Object.fromEntries(KINDS.filter((k) => kinds[k]).map((k) => [k, true])),
      ...(subscriptions.length ? { resourceSubscriptions: subscriptions } : {}),
    };
    startListen(sessionId, filter).then(
      () => setError(undefined),
      (e: Error) => setError(`Could not listen: ${e.message}`),
    );
  };
  return (
    <div className="flex flex-col gap-2">
      <fieldset className="flex flex-col gap-1">
        <legend className="text-zinc-400">Notifications to receive</legend>
        {KINDS.map((k) => (
          <label key={k} className="flex items-center gap-1 text-zinc-300">
            <input type="checkbox" checked={!!kinds[k]} onChange={(e) => setKinds({ ...kinds, [k]: e.target.checked })} /> {k}
          </label>
        ))}
        <label className="flex flex-col gap-1 text-zinc-400">
          Resource URIs to subscribe to (one per line)
          <textarea
            aria-label="Resource subscriptions"
            className={`${inputClass} h-14`}
            value={uris}
            onChange={(e) => setUris(e.target.value)}
            placeholder={resources[0] ?? 'file:///…'}
          />
        </label>
        {resources.length > 0 && <p className="text-[11px] text-zinc-500">Listed resources: {resources.slice(0, 5).join(', ')}</p>}
      </fieldset>
      <div className="flex gap-1">
        <Button variant="primary" disabled={!ready} onClick={start}>
          Start listening
        </Button>
      </div>
      {error && (
        <p role="alert" className="text-red-300">
          {error}
        </p>
      )}
      <ul aria-label="Listens" className="flex flex-col gap-1">
        {(client.listens ?? []).map((l) => (
          <li key={l.id} aria-label={`Listen ${l.id}`} className="rounded border border-zinc-800 p-2">
            <div className="flex items-center gap-2">
              <span className="font-mono text-zinc-300">
                {l.id} · subscription {l.requestId ?? '?'}
              </span>
              <span role="status" aria-label="Listen status" className={statusColor[l.status]}>
                {l.status}
              </span>
              {(l.status === 'open' || l.status === 'opening') && (
                <Button variant="danger" className="ml-auto" onClick={() => void stopListen(sessionId, l.id).catch((e: Error) => setError(e.message))}>
                  Stop
                </Button>
              )}
            </div>
            <p className="font-mono text-[11px] text-zinc-500">asked {JSON.stringify(l.filter)}</p>
            {l.acknowledged && (
              <p aria-label="Acknowledged" className="font-mono text-[11px] text-zinc-400">
                acknowledged {JSON.stringify(l.acknowledged)}
                {l.ackSeq ? ` (#${l.ackSeq})` : ''}
              </p>
            )}
            {l.error && (
              <p role="alert" className="text-red-300">
                {l.error}
              </p>
            )}
            <ol aria-label="Notifications received" className="mt-1 flex flex-col font-mono text-[11px]">
              {l.notifications.length === 0 && <li className="text-zinc-600">No notifications yet.</li>}
              {l.notifications.map((n) => (
                <li key={n.seq} className="text-zinc-300">
                  <span className="text-zinc-600">#{n.seq} </span>
                  {n.method}
                  {typeof (n.params as { uri?: unknown })?.uri === 'string' ? ` ${(n.params as { uri: string }).uri}` : ''}
                </li>
              ))}
            </ol>
            {l.count > l.notifications.length && (
              <p className="text-[11px] text-zinc-500">
                {l.count} in all; the newest {l.notifications.length} are shown
              </p>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
