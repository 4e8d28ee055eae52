/**
 * The OAuth chain of a session, step by step, as the OAuth pane shows it: the refused request,
 * each metadata, registration, authorization and token exchange, and the retry with the bearer,
 * each with what was asked, what came back (the status and the fields that matter), and the auth.*
 * findings on its frames. Read from the session model's HTTP exchanges, so a tapped host's chain
 * reads the same as Loupe's own.
 */
import { headerValue } from '../mcp/frame';
import type { Annotation } from '../analyze/types';
import { requestBody, type HttpExchange } from '../mcp/http-exchanges';
import type { SessionModel } from '../model/session-model';
import { stepFields, type StepField } from './oauth-fields';
import { isResourceMetadataUrl, isServerMetadataUrl, jsonObject } from '../mcp/oauth';

export type ChainStepKind =
  'challenge' | 'resource-metadata' | 'server-metadata' | 'registration' | 'authorize' | 'token' | 'refresh' | 'token-exchange' | 'retry';

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
  challenge: 'challenge',
  'resource-metadata': 'protected-resource metadata',
  'server-metadata': 'authorization-server metadata',
  registration: 'client registration',
  authorize: 'authorization request',
  token: 'token request',
  refresh: 'token refresh',
  'token-exchange': 'token exchange',
  retry: 'retry with the bearer',
};

/** The endpoints an authorization server's metadata named, so a tapped host's requests to them
 *  are recognised although they carry no step name. */
interface Endpoints {
  authorize?: string;
  token?: string;
  registration?: string;
}

const withoutQuery = (url: string) => url.split(/[?#]/)[0];

function rememberEndpoints(ex: HttpExchange, into: Endpoints): void {
  const body = jsonObject(ex.end?.raw ?? '');
  if (!body) return;
  const url = (k: string) => (typeof body[k] === 'string' ? withoutQuery(body[k] as string) : undefined);
  into.authorize = url('authorization_endpoint') ?? into.authorize;
  into.token = url('token_endpoint') ?? into.token;
  into.registration = url('registration_endpoint') ?? into.registration;
}

function grantKind(ex: HttpExchange): ChainStepKind {
  const form = new URLSearchParams(requestBody(ex) ?? '');
  const grant = form.get('grant_type');
  return grant === 'refresh_token' ? 'refresh' : grant === 'urn:ietf:params:oauth:grant-type:token-exchange' ? 'token-exchange' : 'token';
}

function kindOf(ex: HttpExchange, awaitingRetry: boolean, endpoints: Endpoints): ChainStepKind | undefined {
  if (ex.requestMeta.stream === 'oauth') return ex.requestMeta.oauth;
  if (ex.stream === 'post' && (ex.status === 401 || ex.status === 403)) return 'challenge';
  if (ex.stream === 'post' && awaitingRetry && headerValue(ex.requestHeaders, 'authorization') !== undefined) return 'retry';
  // A tapped host's chain carries no step names: recognise the well-known URLs, then the
  // endpoints its authorization server's metadata named.
  if (isResourceMetadataUrl(ex.url)) return 'resource-metadata';
  if (isServerMetadataUrl(ex.url)) return 'server-metadata';
  const url = withoutQuery(ex.url);
  if (url === endpoints.registration && ex.method === 'POST') return 'registration';
  if (url === endpoints.token && ex.method === 'POST') return grantKind(ex);
  if (url === endpoints.authorize) return 'authorize';
  return undefined;
}

function titleOf(kind: ChainStepKind, ex: HttpExchange): string {
  if (kind !== 'challenge') return TITLES[kind];
  const challenge = headerValue(ex.responseHeaders, 'www-authenticate') ?? '';
  return ex.status === 403 ? `step-up (403${/insufficient_scope/.test(challenge) ? ' insufficient_scope' : ''})` : `${ex.status ?? ''} challenge`.trim();
}

/** Read from the session's model: its exchanges and its annotations. */
export function oauthChain(model: Pick<SessionModel, 'exchanges' | 'annotations'>): ChainStep[] {
  const annotations: readonly Annotation[] = model.annotations;
  const steps: ChainStep[] = [];
  // A retry belongs to the chain only right after a refusal; later MCP requests are ordinary traffic.
  let awaitingRetry = false;
  const endpoints: Endpoints = {};
  for (const ex of model.exchanges.all) {
    const kind = kindOf(ex, awaitingRetry, endpoints);
    if (!kind) continue;
    if (kind === 'server-metadata') rememberEndpoints(ex, endpoints);
    if (kind === 'challenge') awaitingRetry = true;
    if (kind === 'retry') awaitingRetry = false;
    const seqs = new Set([ex.id, ex.response?.seq, ex.end?.seq].filter((s): s is number => s !== undefined));
    const status = ex.status;
    steps.push({
      kind,
      title: titleOf(kind, ex),
      exchange: ex,
      asked: `${ex.method} ${ex.url}`,
      answered: status !== undefined ? `${status}${ex.statusText ? ` ${ex.statusText}` : ''}` : (ex.error ?? 'no answer'),
      ok: status !== undefined && status < 400,
      fields: stepFields(kind, ex),
      findings: annotations.filter((a) => a.group === 'auth' && a.frames.some((f) => seqs.has(f))),
    });
  }
  return steps;
}
