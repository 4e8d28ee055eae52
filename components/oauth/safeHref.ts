/** The authorization URL comes from a server's metadata: only http(s) may become a link (never `javascript:`). */
export function safeAuthorizeHref(url: string): string | undefined {
  try {
    const u = new URL(url);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.href : undefined;
  } catch {
    return undefined;
  }
}
