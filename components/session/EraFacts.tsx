'use client';
import { declaredCapabilities } from '../../lib/client/capabilities';
import type { SessionSummary } from '../../lib/wire/protocol';

/**
 * The era a session speaks, what its connection asked for, and for a modern session what
 * server/discover said (supported versions, capabilities with their extensions, caching hints).
 * Shown in the session header beside the negotiated version.
 */
export function EraFacts({ session: s }: { session: SessionSummary }) {
  if (!s.era && !s.requestedEra) return null;
  const fellBack = s.requestedEra === 'auto' && s.era === 'legacy';
  const extensions = s.serverCapabilities?.extensions;
  const extensionNames = extensions && typeof extensions === 'object' ? Object.keys(extensions) : [];
  return (
    <>
      <div role="group" aria-label="era" className="flex items-baseline gap-1">
        <dt className="text-zinc-500">era</dt>
        <dd className="font-mono text-zinc-200">
          {s.era ?? '…'}
          {s.requestedEra && s.requestedEra !== s.era && <span className="text-zinc-400"> (asked {s.requestedEra}{fellBack ? ': the probe fell back to initialize' : ''})</span>}
        </dd>
      </div>
      {s.era === 'modern' && s.serverCapabilities && (
        <div role="group" aria-label="discovered capabilities" className="flex items-baseline gap-1">
          <dt className="text-zinc-500">discovered</dt>
          <dd className="font-mono text-zinc-200" title={JSON.stringify({ supportedVersions: s.supportedVersions, capabilities: s.serverCapabilities, ...s.discoverCache }, null, 2)}>
            {declaredCapabilities(s.serverCapabilities).filter((c) => c !== 'extensions').join(' ') || 'no capabilities'}
            {extensionNames.length > 0 && <span className="text-sky-300"> + {extensionNames.join(' ')}</span>}
            {s.supportedVersions && <span className="text-zinc-400"> · supports {s.supportedVersions.join(', ')}</span>}
          </dd>
        </div>
      )}
    </>
  );
}
