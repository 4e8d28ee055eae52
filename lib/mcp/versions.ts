/** The protocol versions Loupe knows, oldest first. */
export const KNOWN_VERSIONS = ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25', '2026-07-28'] as const;
export type KnownVersion = (typeof KNOWN_VERSIONS)[number];

export const DEFAULT_PROTOCOL_VERSION: KnownVersion = '2025-11-25';

/** Versions with an `initialize` handshake (the legacy era); 2026-07-28 is the modern era. */
export const STATEFUL_VERSIONS: readonly KnownVersion[] = ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25'];

const KNOWN = new Set<string>(KNOWN_VERSIONS);

/** Asked several times per message (the version each one is judged by): a Set, not a list scan. */
export function isKnownVersion(v: unknown): v is KnownVersion {
  return typeof v === 'string' && KNOWN.has(v);
}

/** Compares two known versions by date; they are ISO dates, so string order is date order. */
export function versionAtLeast(v: string, min: KnownVersion): boolean {
  return v >= min;
}

export function specUrl(version: string, section: string): string {
  const v = isKnownVersion(version) ? version : DEFAULT_PROTOCOL_VERSION;
  return `https://modelcontextprotocol.io/specification/${v}/${section}`;
}
