/**
 * The OAuth chain of a session, step by step, as the OAuth pane shows it: the refused request,
 * each metadata, registration, authorization and token exchange, and the retry with the bearer,
 * each with what was asked, what came back (the status and the fields that matter), and the auth.*
 * findings on its frames. Read from the session model's HTTP exchanges, so a tapped host's chain
 * reads the same as Loupe's own.
 */
import type { Annotation } from '../analyze/types';
import type { HttpExchange } from '../model/http-exchanges';
import type { SessionModel } from '../model/session-model';
import { stepFields, type StepField } from './oauth-fields';

export type ChainStepKind = 'challenge' | 'resource-metadata' | 'server-metadata' | 'registration' | 'authorize' | 'token' | 'refresh' | 'token-exchange' | 'retry';

export interface ChainStep {
  kind: ChainStepKind;
  /** What a person calls it: `401 challenge`, `step-up (403 insufficient_scope)`, `token`. */
  title: string;
  exchange: HttpExchange;
  /** `GET https://…` */
  asked: string;
  /** `200 OK`, `401 Unauthorized`, or why there was no answer. */
  answered: string;
  ok: boolean;
  /** The fields of the request and the answer that tell this step's story. */
  fields: StepField[];
  findings: Annotation[];
}

const TITLES: Record<ChainStepKind, string> = {
  challenge: 'challenge', 'resource-metadata': 'protected-resource metadata', 'server-metadata': 'authorization-server metadata',
  registration: 'client registration', authorize: 'authorization request', token: 'token request', refresh: 'token refresh',
  'token-exchange': 'token exchange', retry: 'retry with the bearer',
};

function kindOf(ex: HttpExchange, awaitingRetry: boolean): ChainStepKind | undefined {
  const step = (ex.request.meta as { oauth?: unknown } | undefined)?.oauth;
  if (typeof step === 'string') return step as ChainStepKind;
  if (ex.stream === 'post' && (ex.status === 401 || ex.status === 403)) return 'challenge';
  if (ex.stream === 'post' && awaitingRetry && Object.keys(ex.requestHeaders).some((h) => h.toLowerCase() === 'authorization')) return 'retry';
  // A tapped host's chain carries no step names: recognise the well-known URLs.
  if (ex.url.includes('/.well-known/oauth-protected-resource')) return 'resource-metadata';
  if (ex.url.includes('/.well-known/oauth-authorization-server') || ex.url.includes('/.well-known/openid-configuration')) return 'server-metadata';
  return undefined;
}

function titleOf(kind: ChainStepKind, ex: HttpExchange): string {
  if (kind !== 'challenge') return TITLES[kind];
  const challenge = Object.entries(ex.responseHeaders).find(([h]) => h.toLowerCase() === 'www-authenticate')?.[1] ?? '';
  return ex.status === 403 ? `step-up (403${/insufficient_scope/.test(challenge) ? ' insufficient_scope' : ''})` : `${ex.status ?? ''} challenge`.trim();
}

export function oauthChain(exchanges: readonly HttpExchange[], annotations: readonly Annotation[]): ChainStep[] {
  const steps: ChainStep[] = [];
  // A retry belongs to the chain only right after a refusal; later MCP requests are ordinary traffic.
  let awaitingRetry = false;
  for (const ex of exchanges) {
    const kind = kindOf(ex, awaitingRetry);
    if (!kind) continue;
    if (kind === 'challenge') awaitingRetry = true;
    if (kind === 'retry') awaitingRetry = false;
    const seqs = new Set([ex.id, ex.response?.seq, ex.end?.seq].filter((s): s is number => s !== undefined));
    const status = ex.status;
    steps.push({
      kind, title: titleOf(kind, ex), exchange: ex, asked: `${ex.method} ${ex.url}`,
      answered: status !== undefined ? `${status}${ex.statusText ? ` ${ex.statusText}` : ''}` : ex.error ?? 'no answer',
      ok: status !== undefined && status < 400,
      fields: stepFields(kind, ex),
      findings: annotations.filter((a) => a.group === 'auth' && a.frames.some((f) => seqs.has(f))),
    });
  }
  return steps;
}

/** The chain of a session (live or from a file), from its one model. */
export function oauthChainOf(model: SessionModel): ChainStep[] {
  return oauthChain(model.exchanges.all, model.annotations);
}
