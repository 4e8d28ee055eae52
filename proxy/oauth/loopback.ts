/**
 * Headless authorization (RFC 8252 §7.3): an authorization endpoint that redirects at once is
 * followed (recorded like every OAuth request); otherwise the URL is printed and the redirect is
 * awaited on a loopback listener bound to 127.0.0.1 only.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RecordedFetch } from '../transports/http';
import { randomState } from './pkce';

/** Where the authorization server's redirect comes back: a loopback port for the CLI, Loupe's own
 *  `/oauth/callback` route for the page (page-flows.ts). The receiver issues the `state`, so it can
 *  bind it to whatever it checks the callback against. */
export interface RedirectReceiver {
  uri(): Promise<string>;
  newState(): string;
  /** The callback's parameters for `state`, or a timeout error. */
  wait(state: string, timeoutMs: number): Promise<URLSearchParams>;
  close(): void;
}

export class LoopbackRedirect implements RedirectReceiver {
  private server?: Server;
  private port = 0;
  private waiters = new Map<string, (p: URLSearchParams) => void>();

  /** Starts listening (once) and answers the redirect URI. */
  async uri(): Promise<string> {
    if (!this.server) {
      const server = createServer((req, res) => {
        const url = new URL(req.url ?? '/', 'http://127.0.0.1');
        const state = url.searchParams.get('state') ?? '';
        const waiter = url.pathname === '/callback' ? this.waiters.get(state) : undefined;
        res.writeHead(waiter ? 200 : 400, { 'Content-Type': 'text/plain; charset=utf-8' });
        res.end(waiter ? 'Loupe received the authorization. You can close this tab.' : 'Loupe expected no authorization with this state.');
        if (waiter) {
          this.waiters.delete(state);
          waiter(url.searchParams);
        }
      });
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(0, '127.0.0.1', () => resolve());
      });
      server.unref();
      this.server = server;
      this.port = (server.address() as AddressInfo).port;
    }
    return `http://127.0.0.1:${this.port}/callback`;
  }

  newState(): string {
    return randomState();
  }

  wait(state: string, timeoutMs: number): Promise<URLSearchParams> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters.delete(state);
        reject(new Error(`no authorization arrived within ${Math.round(timeoutMs / 1000)} s`));
      }, timeoutMs);
      this.waiters.set(state, (p) => {
        clearTimeout(timer);
        resolve(p);
      });
    });
  }

  close(): void {
    this.server?.close();
    this.server = undefined;
  }
}

/** Follows an authorization endpoint that redirects straight back to `redirectUri`; otherwise
 *  hands the URL to `prompt` (printed by the CLI) and waits for the browser's redirect. */
export async function authorizeHeadless(
  fetch: RecordedFetch,
  url: string,
  redirectUri: string,
  state: string,
  loopback: RedirectReceiver,
  prompt: (url: string) => void,
  timeoutMs: number,
): Promise<URLSearchParams> {
  try {
    const res = await fetch({ method: 'GET', url, headers: { Accept: 'text/html' }, step: 'authorize' });
    const location = res.headers.location;
    if (res.status >= 300 && res.status < 400 && location) {
      const back = new URL(location, url);
      if (back.href.startsWith(redirectUri.split('?')[0])) return back.searchParams;
    }
  } catch {
    // The endpoint needs a browser (or refused the automatic request): ask a person.
  }
  // Listening before the prompt: nobody can follow the URL faster than that.
  const waiting = loopback.wait(state, timeoutMs);
  prompt(url);
  return waiting;
}
