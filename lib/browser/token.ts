/**
 * The per-launch token arrives in the URL (`?token=`). It is kept in sessionStorage so a reload
 * works, and removed from the address bar so it is not left in history or shared by copy-paste.
 */
const KEY = 'loupe.token';

export function takeToken(): string | undefined {
  const url = new URL(window.location.href);
  const fromUrl = url.searchParams.get('token');
  if (fromUrl) {
    try {
      sessionStorage.setItem(KEY, fromUrl);
    } catch {
      // Without storage a reload needs the URL again; the page still works now.
    }
    url.searchParams.delete('token');
    window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
    return fromUrl;
  }
  try {
    return sessionStorage.getItem(KEY) ?? undefined;
  } catch {
    return undefined;
  }
}
