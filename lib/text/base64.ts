/**
 * Whether text is base64 as MCP carries binary (`data` of image and audio blocks, `blob` of
 * resource contents): the standard alphabet, at most two `=` at the end. Pure: it runs in the
 * page, the proxy and the CLI.
 */

const ALPHABET_THEN_PADDING = /^[A-Za-z0-9+/]*={0,2}$/;

/** Exactly `/^[A-Za-z0-9+/]*={0,2}$/.test(text)`. A few kilobytes of image data cost that pattern
 *  several microseconds per message; the platform's decoder (atob) does the same check natively,
 *  an order of magnitude faster. atob forgives what the pattern refuses (spaces, a missing `=`), so
 *  its answer counts only for text of whole 4-character groups whose decoded length is the one
 *  those groups and their `=` give: a removed space or a misplaced `=` changes that length. */
export function isBase64(text: string): boolean {
  if (text.length % 4 !== 0) return ALPHABET_THEN_PADDING.test(text);
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  let decoded: string;
  try {
    decoded = atob(text);
  } catch {
    return false;
  }
  return decoded.length === (text.length / 4) * 3 - padding;
}
