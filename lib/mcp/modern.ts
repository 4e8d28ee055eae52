/**
 * The 2026-07-28 ("modern") protocol as a client speaks it: no handshake, and every request
 * carries the version and the client's capabilities in `_meta` (basic/index#meta). The keys and
 * the codes are the spec's; the era a connection uses is chosen per connection (see EraChoice).
 */
import { KNOWN_VERSIONS, STATEFUL_VERSIONS, type KnownVersion } from './versions';

export const MODERN_VERSION: KnownVersion = '2026-07-28';

export const META_KEYS = {
  protocolVersion: 'io.modelcontextprotocol/protocolVersion',
  clientCapabilities: 'io.modelcontextprotocol/clientCapabilities',
  clientInfo: 'io.modelcontextprotocol/clientInfo',
  serverInfo: 'io.modelcontextprotocol/serverInfo',
  logLevel: 'io.modelcontextprotocol/logLevel',
  subscriptionId: 'io.modelcontextprotocol/subscriptionId',
} as const;

/** The tasks extension's name in `capabilities.extensions` (SEP-2663). */
export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';

/** The era a session speaks: modern (per-request `_meta`) or legacy (the `initialize` handshake). */
export type Era = 'modern' | 'legacy';
/** What a connection asks for: one era, or `auto`, the spec's dual-era probe (server/discover
 *  first, `initialize` when the answer is not a modern one). */
export type EraChoice = Era | 'auto';
export const ERA_CHOICES: readonly EraChoice[] = ['legacy', 'modern', 'auto'];

/** HeaderMismatch, MissingRequiredClientCapability, UnsupportedProtocolVersion (basic/index#error-codes). */
export const MODERN_ERROR_CODES = [-32020, -32021, -32022] as const;
export const UNSUPPORTED_VERSION = -32022;

export function isModernErrorCode(code: unknown): boolean {
  return typeof code === 'number' && (MODERN_ERROR_CODES as readonly number[]).includes(code);
}

/** A version without a handshake: 2026-07-28 or anything newer (made-up versions included). */
export function isModernVersion(v: string): boolean {
  return !(STATEFUL_VERSIONS as readonly string[]).includes(v) && v >= MODERN_VERSION;
}

/** The versions to use per era from what a connection asked for: the asked version where it
 *  belongs to that era, else the newest one Loupe knows of that era. */
export function versionsFor(asked: string): { modern: string; legacy: string } {
  const newestLegacy = STATEFUL_VERSIONS[STATEFUL_VERSIONS.length - 1];
  return isModernVersion(asked) ? { modern: asked, legacy: newestLegacy } : { modern: MODERN_VERSION, legacy: asked };
}

/** The newest version of `supported` (an -32022's `data.supported`, a discover result) Loupe
 *  can speak, and its era. */
export function pickSupported(supported: unknown): { version: string; era: Era } | undefined {
  if (!Array.isArray(supported)) return undefined;
  const known = supported.filter((v): v is string => typeof v === 'string' && (KNOWN_VERSIONS as readonly string[]).includes(v)).sort();
  const version = known.at(-1);
  return version === undefined ? undefined : { version, era: isModernVersion(version) ? 'modern' : 'legacy' };
}

export interface Envelope {
  protocolVersion: string;
  clientCapabilities: Record<string, unknown>;
  clientInfo?: { name: string; version: string };
  /** Asks the server for `notifications/message` at this level and above (utilities/logging). */
  logLevel?: string;
}

/** Params with the envelope in `_meta`; `_meta` the caller set (a progress token, or its own
 *  envelope keys typed on purpose) wins. */
export function withEnvelope(params: Record<string, unknown> | undefined, env: Envelope): Record<string, unknown> {
  const own = params?._meta && typeof params._meta === 'object' && !Array.isArray(params._meta) ? (params._meta as Record<string, unknown>) : {};
  const meta: Record<string, unknown> = {
    [META_KEYS.protocolVersion]: env.protocolVersion,
    [META_KEYS.clientCapabilities]: env.clientCapabilities,
    ...(env.clientInfo ? { [META_KEYS.clientInfo]: env.clientInfo } : {}),
    ...(env.logLevel ? { [META_KEYS.logLevel]: env.logLevel } : {}),
    ...own,
  };
  return { ...params, _meta: meta };
}
