/**
 * Header values that carry credentials. The page shows them masked (with a per-value reveal) so a
 * screen share or a screenshot of an HTTP exchange does not leak a token.
 */
/** Lower case. Also the headers an export always redacts by name (lib/trace/redact-rules.ts). */
export const SECRET_HEADER_NAMES = ['authorization', 'proxy-authorization', 'cookie', 'set-cookie', 'x-api-key', 'api-key'] as const;
const SECRET_HEADERS = new Set<string>(SECRET_HEADER_NAMES);

export const MASK = '••••••';

export function isSecretHeader(name: string): boolean {
  return SECRET_HEADERS.has(name.trim().toLowerCase());
}

/** Keeps an auth scheme (`Bearer`, `Basic`) visible, since it helps debugging and is no secret. */
export function maskHeaderValue(name: string, value: string): string {
  if (!isSecretHeader(name)) return value;
  const scheme = /^(Bearer|Basic|Digest|Token|Negotiate)\s+/i.exec(value);
  return scheme ? `${scheme[1]} ${MASK}` : MASK;
}

/** Masks the secret header lines of a raw HTTP head (`Name: value` lines up to the blank line). */
export function maskHttpHead(raw: string): string {
  const end = raw.indexOf('\r\n\r\n');
  const head = end === -1 ? raw : raw.slice(0, end);
  const rest = end === -1 ? '' : raw.slice(end);
  const lines = head.split('\r\n').map((line, i) => {
    const colon = line.indexOf(':');
    if (i === 0 || colon <= 0) return line;
    const name = line.slice(0, colon);
    return isSecretHeader(name) ? `${name}: ${maskHeaderValue(name, line.slice(colon + 1).trim())}` : line;
  });
  return lines.join('\r\n') + rest;
}

/** True when the raw head has a secret header whose value masking would change. */
export function hasSecretHeader(raw: string): boolean {
  return maskHttpHead(raw) !== raw;
}
