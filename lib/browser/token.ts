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
    stripToken();
    // The app router writes its own idea of the URL back when its mount effects run, which can
    // come after ours (a parent's effects run after its children's): strip again once they have.
    setTimeout(stripToken, 0);
    tokenTaken = true;
    return fromUrl;
  }
  try {
    return sessionStorage.getItem(KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

let tokenTaken = false;

/** After the app has mounted: the socket may have taken the token before hydration, and the app
 *  router's first URL write (its idea of the URL, read before ours was stripped) puts it back. */
export function stripTokenAfterMount(): void {
  if (!tokenTaken) return;
  stripToken();
  setTimeout(stripToken, 0);
}

function stripToken(): void {
  const url = new URL(window.location.href);
  if (!url.searchParams.has('token')) return;
  url.searchParams.delete('token');
  window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
}

/** The token without taking it: for a request that may run before the socket has taken it. */
export function peekToken(): string | undefined {
  const fromUrl = new URL(window.location.href).searchParams.get('token');
  if (fromUrl) return fromUrl;
  try {
    return sessionStorage.getItem(KEY) ?? undefined;
  } catch {
    return undefined;
  }
}
