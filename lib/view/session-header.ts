/**
 * The session header's handshake facts, read from the session's one model (its frames), as the
 * Capabilities pane reads them, never from the proxy's session summary: a tap has no client of
 * Loupe's to fill the summary in, so the summary's copy left the header blank ('—') while the
 * frames held the version. The summary gives the header only its lifecycle and what the frames
 * cannot tell: the era the connection asked for.
 *
 * Every field is a primitive or an object the analyser keeps until the handshake changes, so a
 * shallow comparison of two results tells whether the header must redraw.
 */
import type { EraChoice } from '../mcp/modern';
import type { Era } from '../mcp/era';
import type { SessionModel } from '../model/session-model';
import { handshakeFacts } from './handshake';

export interface HeaderFacts {
  /** The version the server selected (the client's `_meta` version in a modern session). */
  version?: string;
  /** What the client asked for, when the server selected another version. */
  askedVersion?: string;
  /** `name version` of the server, as it said. */
  server?: string;
  clientCapabilities?: Record<string, unknown>;
  instructions?: string;
  era?: Era;
  /** The era the connection asked for, when it differs from the one spoken. */
  askedEra?: EraChoice;
  /** The connection asked `auto` and the probe fell back to `initialize`. */
  fellBack: boolean;
  /** A modern session: what `server/discover` declared and listed, with its caching hints. */
  discovered?: Record<string, unknown>;
  supportedVersions?: string[];
  ttlMs?: unknown;
  cacheScope?: unknown;
}

function serverText(info: Record<string, unknown> | undefined): string | undefined {
  if (!info) return undefined;
  const name = typeof info.name === 'string' ? info.name : '?';
  return typeof info.version === 'string' ? `${name} ${info.version}` : name;
}

/** `requestedEra`: the connection's own choice (from the summary); `model`: the session's frames,
 *  undefined until the page holds them. */
export function headerFacts(model: SessionModel | undefined, requestedEra?: EraChoice): HeaderFacts {
  if (!model) return { askedEra: requestedEra, fellBack: false };
  const f = handshakeFacts(model.state);
  const modern = f.era === 'modern';
  const cache = modern ? discoverCache(model) : undefined;
  return {
    version: f.selectedVersion,
    askedVersion: f.selectedVersion && f.requestedVersion && f.selectedVersion !== f.requestedVersion ? f.requestedVersion : undefined,
    server: serverText(f.serverInfo),
    clientCapabilities: f.clientCapabilities,
    instructions: f.instructions,
    era: f.era,
    askedEra: requestedEra !== undefined && requestedEra !== f.era ? requestedEra : undefined,
    fellBack: requestedEra === 'auto' && f.era === 'legacy',
    discovered: modern ? f.serverCapabilities : undefined,
    supportedVersions: f.supportedVersions,
    ttlMs: cache?.ttlMs,
    cacheScope: cache?.cacheScope,
  };
}

/** The caching hints of the `server/discover` result the server's facts come from. */
function discoverCache(model: SessionModel): { ttlMs?: unknown; cacheScope?: unknown } | undefined {
  const seq = model.eras.discoverSeq;
  const json = seq === undefined ? undefined : model.classifiedAt(seq)?.json;
  const result = typeof json === 'object' && json !== null && !Array.isArray(json) ? (json as { result?: unknown }).result : undefined;
  if (typeof result !== 'object' || result === null) return undefined;
  const r = result as Record<string, unknown>;
  return { ttlMs: r.ttlMs, cacheScope: r.cacheScope };
}
