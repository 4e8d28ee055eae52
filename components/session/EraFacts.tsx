'use client';
import { declaredCapabilities } from '../../lib/client/capabilities';
import type { HeaderFacts } from '../../lib/view/session-header';

/**
 * The era a session speaks, what its connection asked for, and for a modern session what
 * server/discover said (supported versions, capabilities with their extensions, caching hints).
 * Shown in the session header beside the negotiated version; the facts come from the frames
 * (lib/view/session-header.ts), so a tap shows them too.
 */
export function EraFacts({ facts: f }: { facts: HeaderFacts }) {
  if (!f.era && !f.askedEra) return null;
  const extensions = f.discovered?.extensions;
  const extensionNames = extensions && typeof extensions === 'object' ? Object.keys(extensions) : [];
  return (
    <>
      <div role="group" aria-label="era" className="flex items-baseline gap-1">
        <dt className="text-zinc-500">era</dt>
        <dd className="font-mono text-zinc-200">
          {f.era ?? '…'}
          {f.askedEra && (
            <span className="text-zinc-400">
              {' '}
              (asked {f.askedEra}
              {f.fellBack ? ': the probe fell back to initialize' : ''})
            </span>
          )}
        </dd>
      </div>
      {f.discovered && (
        <div role="group" aria-label="discovered capabilities" className="flex items-baseline gap-1">
          <dt className="text-zinc-500">discovered</dt>
          <dd
            className="font-mono text-zinc-200"
            title={JSON.stringify({ supportedVersions: f.supportedVersions, capabilities: f.discovered, ttlMs: f.ttlMs, cacheScope: f.cacheScope }, null, 2)}
          >
            {declaredCapabilities(f.discovered)
              .filter((c) => c !== 'extensions')
              .join(' ') || 'no capabilities'}
            {extensionNames.length > 0 && <span className="text-sky-300"> + {extensionNames.join(' ')}</span>}
            {f.supportedVersions && <span className="text-zinc-400"> · supports {f.supportedVersions.join(', ')}</span>}
          </dd>
        </div>
      )}
    </>
  );
}
