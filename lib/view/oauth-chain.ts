/**
 * The OAuth chain of a session, step by step, as the OAuth pane shows it: the refused request,
 * each metadata, registration, authorization and token exchange, and the retry with the bearer,
 * each with what was asked, what came back, and the auth.* findings on its frames. Built from the
 * session's HTTP exchanges, so a tapped host's chain reads the same as Loupe's own.
 */
import { headerValue } from '../mcp/frame';
import type { Annotation } from '../analyze/types';
import type { HttpExchange } from '../mcp/http-exchanges';
import type { SessionModel } from '../model/session-model';

export type ChainStepKind = 'challenge' | 'resource-metadata' | 'server-metadata' | 'registration' | 'authorize' | 'token' | 'refresh' | 'token-exchange' | 'retry';

export interface ChainStep {
  kind: ChainStepKind;
  exchange: HttpExchange;
  /** `GET https://…` */
  asked: string;
  /** `200 OK`, `401 Unauthorized`, or why there was no answer. */
  answered: string;
  ok: boolean;
  findings: Annotation[];
}

function kindOf(ex: HttpExchange, sawChallenge: boolean): ChainStepKind | undefined {
  if (ex.requestMeta.stream === 'oauth') return ex.requestMeta.oauth;
  if (ex.stream === 'post' && (ex.status === 401 || ex.status === 403)) return 'challenge';
  if (ex.stream === 'post' && sawChallenge && headerValue(ex.requestHeaders, 'authorization') !== undefined) return 'retry';
  // A tapped host's chain carries no step names: recognise the well-known URLs.
  if (ex.url.includes('/.well-known/oauth-protected-resource')) return 'resource-metadata';
  if (ex.url.includes('/.well-known/oauth-authorization-server') || ex.url.includes('/.well-known/openid-configuration')) return 'server-metadata';
  return undefined;
}

/** Read from the session's model: its exchanges and its annotations. */
export function oauthChain(model: Pick<SessionModel, 'exchanges' | 'annotations'>): ChainStep[] {
  const annotations: readonly Annotation[] = model.annotations;
  const steps: ChainStep[] = [];
  let sawChallenge = false;
  for (const ex of model.exchanges.all) {
    const kind = kindOf(ex, sawChallenge);
    if (!kind) continue;
    if (kind === 'challenge') sawChallenge = true;
    // After the first retry the chain is done; later MCP requests are ordinary traffic.
    if (kind === 'retry' && steps.some((s) => s.kind === 'retry' && s.ok)) continue;
    const seqs = new Set([ex.id, ex.response?.seq, ex.end?.seq].filter((s): s is number => s !== undefined));
    const status = ex.status;
    steps.push({
      kind, exchange: ex, asked: `${ex.method} ${ex.url}`,
      answered: status !== undefined ? `${status}${ex.statusText ? ` ${ex.statusText}` : ''}` : ex.error ?? 'no answer',
      ok: status !== undefined && status < 400,
      findings: annotations.filter((a) => a.group === 'auth' && a.frames.some((f) => seqs.has(f))),
    });
  }
  return steps;
}
