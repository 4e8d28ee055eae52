'use client';
import { useState } from 'react';
import { clientOf } from '../../lib/browser/client-panel/clientState';
import { changeRoots } from '../../lib/browser/client-panel/rootsStore';
import { useLoupe } from '../../lib/browser/store';
import { useHandshake } from '../../lib/browser/useHandshake';
import type { SessionSummary } from '../../lib/wire/protocol';
import { Button } from '../ui/Button';
import { inputClass } from '../ui/Field';

/** The roots this session answers `roots/list` with (saved for the connection, so the next
 *  session starts with them too); edits announce list_changed. */
export function RootsTab({ session }: { session: SessionSummary }) {
  const roots = useLoupe((s) => clientOf(s, session.id).roots);
  const [uri, setUri] = useState('file:///');
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();
  const caps = useHandshake(session.id).clientCapabilities as { roots?: { listChanged?: unknown } } | undefined;
  const update = (next: typeof roots) =>
    changeRoots(session.connectionId, next).then(
      () => setError(undefined),
      (e: Error) => setError(`Could not announce the change: ${e.message}`),
    );
  const add = () => {
    if (!uri.trim()) return setError('Enter a root URI, e.g. file:///home/me/project.');
    if (!uri.startsWith('file://')) setError('Roots must be file:// URIs (client/roots); it is added anyway, to test the server.');
    void update([...roots, { uri: uri.trim(), name: name.trim() || undefined }]);
  };
  return (
    <div className="flex flex-col gap-2">
      <p className="text-zinc-500">
        {caps?.roots === undefined
          ? 'This session did not declare the roots capability: the server will not ask. Turn it on in Connect options.'
          : caps.roots.listChanged === true
            ? 'Changes are announced with notifications/roots/list_changed.'
            : 'The session did not declare roots.listChanged: changes are not announced.'}
      </p>
      <ul aria-label="Roots" className="flex flex-col gap-1">
        {roots.map((r, i) => (
          <li key={`${r.uri}-${i}`} className="flex items-center gap-1 rounded border border-zinc-800 px-1">
            <span className="truncate font-mono text-sky-200">{r.uri}</span>
            {r.name && <span className="text-zinc-400">{r.name}</span>}
            <Button variant="ghost" className="ml-auto" aria-label={`Remove root ${r.uri}`} onClick={() => void update(roots.filter((_, j) => j !== i))}>
              ✕
            </Button>
          </li>
        ))}
      </ul>
      <div className="flex flex-col gap-1">
        <label className="flex flex-col gap-0.5 text-zinc-400">
          Root URI
          <input className={inputClass} value={uri} onChange={(e) => setUri(e.target.value)} />
        </label>
        <label className="flex flex-col gap-0.5 text-zinc-400">
          Root name
          <input className={inputClass} value={name} onChange={(e) => setName(e.target.value)} />
        </label>
        <div>
          <Button onClick={add}>Add root</Button>
        </div>
      </div>
      {error && (
        <p role="alert" className="text-amber-300">
          {error}
        </p>
      )}
    </div>
  );
}
