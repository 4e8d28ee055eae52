/**
 * The redacted view (`?redacted=1` in the page's address): the proxy sends this page everything
 * through the same redaction as an export (proxy/server/redacted-view.ts), so what it shows (and
 * any screenshot or page snapshot taken of it) holds what an exported trace would hold, no more.
 * The test kit opens its page this way before it takes a failed test's attachments. Read once:
 * the view cannot be left without reloading the page at another address.
 */
let redacted: boolean | undefined;

export function isRedactedView(): boolean {
  if (redacted === undefined) redacted = typeof window !== 'undefined' && new URL(window.location.href).searchParams.get('redacted') === '1';
  return redacted;
}

/** The query the page's WebSocket carries to ask for the redacted view. */
export const REDACTED_QUERY = 'redacted=1';
