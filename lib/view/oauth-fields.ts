/**
 * The few fields of an OAuth exchange that tell its story (RFC 9728, RFC 8414, RFC 7591, RFC 6749):
 * what the request asked for and what the answer granted or refused. Secrets are never shown: a
 * token is reported as issued, not repeated (and the page only ever holds them masked).
 */
import { requestBody, type HttpExchange } from '../mcp/http-exchanges';
import { headerValue } from '../mcp/frame';
import { jsonObject } from '../mcp/oauth';

export interface StepField {
  /** `asked` for what the client sent, `answered` for what came back. */
  side: 'asked' | 'answered';
  name: string;
  value: string;
}

type Kind = 'challenge' | 'resource-metadata' | 'server-metadata' | 'registration' | 'authorize' | 'token' | 'refresh' | 'token-exchange' | 'retry';

const ANSWER_FIELDS: Partial<Record<Kind, string[]>> = {
  'resource-metadata': ['resource', 'authorization_servers', 'scopes_supported', 'bearer_methods_supported'],
  'server-metadata': [
    'issuer',
    'authorization_endpoint',
    'token_endpoint',
    'registration_endpoint',
    'code_challenge_methods_supported',
    'scopes_supported',
    'client_id_metadata_document_supported',
    'authorization_response_iss_parameter_supported',
  ],
  registration: ['client_id', 'token_endpoint_auth_method', 'grant_types', 'redirect_uris'],
  token: ['token_type', 'expires_in', 'scope'],
  refresh: ['token_type', 'expires_in', 'scope'],
  'token-exchange': ['issued_token_type', 'token_type', 'expires_in'],
};
const ISSUED = ['access_token', 'refresh_token', 'id_token', 'client_secret'];
const ERRORS = ['error', 'error_description'];
const ASKED_FORM = ['grant_type', 'resource', 'scope', 'redirect_uri'];
const ASKED_QUERY = ['response_type', 'client_id', 'scope', 'resource', 'code_challenge_method', 'redirect_uri', 'prompt'];

function bodyOf(raw: string | undefined): string {
  if (raw === undefined) return '';
  const head = raw.indexOf('\r\n\r\n');
  return head < 0 ? raw : raw.slice(head + 4);
}

const show = (v: unknown) => (Array.isArray(v) ? v.map(String).join(', ') : typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v));

function asked(kind: Kind, ex: HttpExchange): StepField[] {
  const out: StepField[] = [];
  const add = (name: string, value: string | null | undefined) => {
    if (value !== null && value !== undefined) out.push({ side: 'asked', name, value });
  };
  if (kind === 'authorize') {
    let query: URLSearchParams | undefined;
    try {
      query = new URL(ex.url).searchParams;
    } catch {
      query = undefined;
    }
    for (const k of ASKED_QUERY) add(k, query?.get(k));
  } else if (kind === 'token' || kind === 'refresh' || kind === 'token-exchange') {
    const form = new URLSearchParams(requestBody(ex) ?? '');
    for (const k of ASKED_FORM) add(k, form.get(k));
    const auth = headerValue(ex.requestHeaders, 'authorization');
    add(
      'client authentication',
      auth?.startsWith('Basic ')
        ? 'client_secret_basic'
        : form.has('client_assertion')
          ? 'private_key_jwt'
          : form.has('client_secret')
            ? 'client_secret_post'
            : form.has('client_id')
              ? 'none (client_id only)'
              : undefined,
    );
  } else if (kind === 'registration') {
    const body = jsonObject(requestBody(ex) ?? '');
    for (const k of ['client_name', 'token_endpoint_auth_method', 'grant_types', 'scope']) if (body?.[k] !== undefined) add(k, show(body[k]));
  } else if (kind === 'retry') {
    const auth = headerValue(ex.requestHeaders, 'authorization');
    add('Authorization', auth ? `${auth.split(' ')[0]} …` : undefined);
  }
  return out;
}

function answered(kind: Kind, ex: HttpExchange): StepField[] {
  const out: StepField[] = [];
  const add = (name: string, value: string | undefined) => {
    if (value !== undefined) out.push({ side: 'answered', name, value });
  };
  if (kind === 'challenge') add('WWW-Authenticate', headerValue(ex.responseHeaders, 'www-authenticate'));
  const location = headerValue(ex.responseHeaders, 'location');
  if (kind === 'authorize' && location) {
    add('Location', location.split('?')[0]);
    try {
      const back = new URL(location, ex.url).searchParams;
      for (const k of ['code', 'iss', 'error', 'error_description']) if (back.has(k)) add(k, k === 'code' ? 'issued' : (back.get(k) ?? ''));
    } catch {
      // an unparsable Location is shown as it is above
    }
  }
  const body = jsonObject(bodyOf(ex.end?.raw));
  if (!body) return out;
  for (const k of [...(ANSWER_FIELDS[kind] ?? []), ...ERRORS]) if (body[k] !== undefined) add(k, show(body[k]));
  for (const k of ISSUED) if (typeof body[k] === 'string') add(k, 'issued');
  return out;
}

export function stepFields(kind: Kind, ex: HttpExchange): StepField[] {
  return [...asked(kind, ex), ...answered(kind, ex)];
}
