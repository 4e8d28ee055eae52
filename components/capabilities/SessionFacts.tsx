'use client';
import type { HandshakeFacts } from '../../lib/view/handshake';

function info(v: Record<string, unknown> | undefined): string {
  if (!v) return '—';
  const name = typeof v.name === 'string' ? v.name : '?';
  const title = typeof v.title === 'string' ? ` (${v.title})` : '';
  return `${name}${title} ${typeof v.version === 'string' ? v.version : ''}`.trim();
}

/** Versions requested and selected, who each side is, and the server's instructions. */
export function SessionFacts({ facts }: { facts: HandshakeFacts }) {
  const downgraded = facts.requestedVersion && facts.selectedVersion && facts.requestedVersion !== facts.selectedVersion;
  return (
    <dl aria-label="Handshake" className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-xs">
      <dt className="text-zinc-400">Era</dt>
      <dd aria-label="Era">
        {facts.era ?? 'not known yet'}
        {facts.serverEra !== 'unknown' && <span className="text-zinc-400"> · the server speaks {facts.serverEra}</span>}
      </dd>
      {facts.supportedVersions && (
        <>
          <dt className="text-zinc-400">Server supports</dt>
          <dd className="font-mono">{facts.supportedVersions.join(', ')}</dd>
        </>
      )}
      {facts.extensions.length > 0 && (
        <>
          <dt className="text-zinc-400">Extensions</dt>
          <dd aria-label="Server extensions" className="font-mono">
            {facts.extensions.join(', ')}
          </dd>
        </>
      )}
      <dt className="text-zinc-400">Version requested</dt>
      <dd className="font-mono">{facts.requestedVersion ?? '—'}</dd>
      <dt className="text-zinc-400">Version selected</dt>
      <dd className="font-mono">
        {facts.failed ? 'initialize failed' : (facts.selectedVersion ?? 'not yet answered')}
        {downgraded && <span className="ml-2 text-amber-400">differs from the request</span>}
      </dd>
      <dt className="text-zinc-400">Client</dt>
      <dd>{info(facts.clientInfo)}</dd>
      <dt className="text-zinc-400">Server</dt>
      <dd>{info(facts.serverInfo)}</dd>
      <dt className="text-zinc-400">Instructions</dt>
      <dd className="max-h-32 overflow-auto whitespace-pre-wrap">{facts.instructions ?? <span className="text-zinc-500">none</span>}</dd>
    </dl>
  );
}
