/**
 * A person in a browser, as far as an OAuth test needs one: follows redirects with cookies, and on
 * the fixture authorization server's consent page (e2e/fixtures/servers/oauth-oidc.mjs) presses
 * Approve (or Deny). Stops at the first URL under `stopAt` (the redirect URI) and answers that response.
 */
export async function authorizeLikeAPerson(
  url: string,
  stopAt: string,
  press: 'approve' | 'deny' = 'approve',
): Promise<{ url: string; status: number; text: string }> {
  const cookies = new Map<string, string>();
  let next = url;
  let method = 'GET';
  for (let hops = 0; hops < 20; hops++) {
    const res = await fetch(next, { method, redirect: 'manual', headers: { Cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const eq = pair.indexOf('=');
      // A cookie set empty, or to expire in the past, is deleted.
      if (eq === pair.length - 1 || /expires=Thu, 01 Jan 1970/i.test(c)) cookies.delete(pair.slice(0, eq));
      else cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    if (next.startsWith(stopAt)) return { url: next, status: res.status, text: await res.text() };
    const location = res.headers.get('location');
    if (res.status >= 300 && res.status < 400 && location) {
      next = new URL(location, next).href;
      method = 'GET';
      continue;
    }
    const text = await res.text();
    const approve = new RegExp(`action="([^"]*/${press})"`).exec(text);
    if (!approve) throw new Error(`the authorization server showed no consent page at ${next} (${res.status}): ${text.slice(0, 200)}`);
    next = new URL(approve[1], next).href;
    method = 'POST';
  }
  throw new Error('more than 20 redirects before the authorization came back');
}
