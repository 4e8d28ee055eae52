/**
 * Authorizations a person completes in the page: the authorization server redirects the browser
 * back to Loupe's own origin, `/oauth/callback`, which hands the code to the session waiting for
 * it. The redirect cannot carry Loupe's token (it would leak to the authorization server), so the
 * `state` is the check: `<session id>.<per-flow secret>`, the secret 32 random bytes compared in
 * constant time and forgotten on first use. A forged, wrong or replayed state finds no flow and is
 * refused with a page that says so; nothing reaches a session.
 */
import { randomBytes } from 'node:crypto';
import { tokensMatch } from '../shared/token';
import type { RedirectReceiver } from './loopback';

export const CALLBACK_PATH = '/oauth/callback';

interface Flow {
  secret: string;
  deliver: (p: URLSearchParams) => void;
}

export type CallbackOutcome = { ok: true; sessionId: string } | { ok: false; status: 400; reason: string };

export class PageOAuthFlows {
  /** The page's origin (`http://127.0.0.1:6280`), known once the server listens. */
  origin?: string;
  /** One waiting flow per state; a session has at most one authorization in flight. */
  private readonly waiting = new Map<string, Flow>();

  /** The redirect receiver of one session's OAuth client. */
  receiver(sessionId: string): RedirectReceiver {
    const issued = new Set<string>();
    return {
      uri: async () => {
        if (!this.origin) throw new Error('Loupe is not listening yet: no redirect URI to give the authorization server');
        return `${this.origin}${CALLBACK_PATH}`;
      },
      newState: () => {
        const state = `${sessionId}.${randomBytes(32).toString('base64url')}`;
        issued.add(state);
        return state;
      },
      wait: (state, timeoutMs) =>
        new Promise((resolve, reject) => {
          const timer = setTimeout(() => {
            this.waiting.delete(state);
            reject(new Error(`no authorization arrived within ${Math.round(timeoutMs / 1000)} s: connect again to start over`));
          }, timeoutMs);
          this.waiting.set(state, {
            secret: state.slice(sessionId.length + 1),
            deliver: (p) => {
              clearTimeout(timer);
              resolve(p);
            },
          });
        }),
      close: () => {
        for (const s of issued) this.waiting.delete(s);
      },
    };
  }

  /** Judges a callback's query; on success the waiting session gets its parameters. */
  callback(query: URLSearchParams): CallbackOutcome {
    const state = query.get('state') ?? '';
    const dot = state.indexOf('.');
    const sessionId = dot > 0 ? state.slice(0, dot) : '';
    // Find the flow by session, then compare the secret in constant time: a lookup by the whole
    // state would compare the secret in a hash map, whose timing is not ours to control.
    const entry = [...this.waiting.entries()].find(([s]) => s.slice(0, s.indexOf('.')) === sessionId);
    if (!entry || !tokensMatch(state.slice(dot + 1), entry[1].secret)) {
      return {
        ok: false,
        status: 400,
        reason:
          state === ''
            ? 'This callback carries no state, so it cannot be matched to an authorization Loupe started.'
            : 'This state matches no authorization Loupe is waiting for: it is wrong, was already used, or its session gave up waiting. Start the authorization again from the OAuth pane.',
      };
    }
    this.waiting.delete(entry[0]);
    entry[1].deliver(query);
    return { ok: true, sessionId };
  }
}
