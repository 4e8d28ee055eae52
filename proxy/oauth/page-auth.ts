/**
 * The OAuth client of a session the page opened by URL. The authorization URL goes to the page
 * (the person opens it in a new tab) and the redirect comes back to `/oauth/callback`
 * (page-flows.ts); tokens and client secrets stay in the proxy and the config dir (0600); the page
 * hears only how far the chain got, and its frames come with every credential masked.
 */
import type { SessionSummary } from '../../lib/wire/protocol';
import type { HttpAuth, Refusal } from '../transports/http';
import { OAuthClient } from './client';
import type { PageOAuthFlows } from './page-flows';
import { fileCredentialStore } from './store';

export type OAuthSummary = NonNullable<SessionSummary['oauth']>;

export interface PageOAuthConfig {
  flows: PageOAuthFlows;
  /** Where tokens persist between sessions (oauth.json, 0600); none keeps them in memory. */
  configDir?: string;
  /** How long a person may take in the browser. Default 5 minutes. */
  authorizeTimeoutMs?: number;
}

export const PAGE_AUTHORIZE_TIMEOUT_MS = 5 * 60_000;

export class PageAuth implements HttpAuth {
  private readonly client: OAuthClient;
  private listener?: (o: OAuthSummary) => void;

  constructor(sessionId: string, serverUrl: string, config: PageOAuthConfig) {
    this.client = new OAuthClient({
      serverUrl,
      clientName: 'Loupe',
      redirect: config.flows.receiver(sessionId),
      store: config.configDir ? fileCredentialStore(config.configDir, serverUrl) : undefined,
      authorizeTimeoutMs: config.authorizeTimeoutMs ?? PAGE_AUTHORIZE_TIMEOUT_MS,
      prompt: (authorizeUrl) => this.report({ status: 'authorizing', authorizeUrl }),
    });
  }

  /** The session's summary follows the chain. */
  onChange(fn: (o: OAuthSummary) => void): void {
    this.listener = fn;
  }

  headers(): Record<string, string> {
    return this.client.headers();
  }

  async refused(r: Refusal): Promise<boolean> {
    this.report({ status: 'authorizing' });
    const ok = await this.client.refused(r);
    this.report(
      ok
        ? { status: 'authorized' }
        : { status: 'failed', error: this.client.lastError ?? `the server refused with ${r.status} and Loupe has no credential for it` },
    );
    return ok;
  }

  /** Credentials the page must never see in clear (frame-stream.ts masks them). */
  secrets(): string[] {
    return this.client.secrets();
  }

  close(): void {
    this.client.close();
  }

  private report(o: OAuthSummary): void {
    this.listener?.(o);
  }
}
