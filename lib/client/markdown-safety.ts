/**
 * What server text rendered as markdown may link to. react-markdown already drops raw HTML (no
 * rehype-raw) and its default transform neutralises `javascript:`; this narrows links further to
 * the schemes a person can follow safely from an inspector, and never loads anything by itself.
 */

const FOLLOWABLE = /^(https?|mailto):$/i;

/** The URL to put in `href`, or undefined when it must not be a live link. */
export function safeLinkUrl(url: string): string | undefined {
  const trimmed = url.trim();
  // A fragment or a relative path has no meaning in Loupe's page: kept as text only.
  let parsed: URL;
  try {
    parsed = new URL(trimmed);
  } catch {
    return undefined;
  }
  return FOLLOWABLE.test(parsed.protocol) ? parsed.href : undefined;
}

/** A body of text is worth offering as markdown when it uses markdown's block or inline marks. */
export function looksLikeMarkdown(text: string): boolean {
  return /(^|\n)\s{0,3}(#{1,6}\s|[-*+]\s|\d+\.\s|>\s|```|\|.*\|)|\*\*[^*]+\*\*|\[[^\]]+\]\([^)]+\)|`[^`]+`/.test(text);
}

/** A content item's JSON for "view source", with long base64 cut so a 5 MB image stays readable. */
export function contentSource(block: unknown, max = 240): string {
  return JSON.stringify(
    block,
    (key, value: unknown) =>
      (key === 'data' || key === 'blob') && typeof value === 'string' && value.length > max ? `${value.slice(0, max)}… (${value.length} characters)` : value,
    2,
  );
}
