/**
 * The connection-by-URL form's state and its conversion to a saved HTTP connection. Header values
 * come back from the proxy masked; a masked value sent back means "keep the stored one".
 */
import { HttpConnectionSchema, type HttpConnection } from '../../lib/wire/connection';
import type { EnvRow } from './draft';

export type HttpMode = HttpConnection['mode'];

export interface HttpDraft {
  id?: string;
  name: string;
  url: string;
  mode: HttpMode;
  headers: EnvRow[];
  /** Milliseconds as typed; empty means the proxy's default. */
  requestTimeout: string;
  connectTimeout: string;
}

export const emptyHttpDraft: HttpDraft = { name: '', url: '', mode: 'auto', headers: [], requestTimeout: '', connectTimeout: '' };

export function httpDraftFrom(c: HttpConnection): HttpDraft {
  return {
    id: c.id,
    name: c.name,
    url: c.url,
    mode: c.mode,
    headers: Object.entries(c.headers).map(([name, value]) => ({ name, value })),
    requestTimeout: c.timeouts?.requestMs?.toString() ?? '',
    connectTimeout: c.timeouts?.connectMs?.toString() ?? '',
  };
}

function millis(label: string, text: string): number | undefined | string {
  if (!text.trim()) return undefined;
  const n = Number(text.trim());
  return Number.isInteger(n) && n > 0 && n <= 3_600_000 ? n : `${label} must be a whole number of milliseconds between 1 and 3600000.`;
}

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

export type HttpDraftResult = { ok: true; connection: HttpConnection } | { ok: false; error: string };

export function httpDraftToConnection(d: HttpDraft, newId: () => string = () => Math.random().toString(36).slice(2, 8)): HttpDraftResult {
  const name = d.name.trim();
  const url = d.url.trim();
  if (!name) return { ok: false, error: 'Give the connection a name.' };
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { ok: false, error: 'Enter the server URL in full, e.g. http://127.0.0.1:3001/mcp.' };
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    return { ok: false, error: `The URL must start with http:// or https://, not ${parsed.protocol}` };
  const headers: Record<string, string> = {};
  for (const row of d.headers) {
    const key = row.name.trim();
    if (!key) {
      if (row.value) return { ok: false, error: 'A header has a value but no name.' };
      continue;
    }
    if (!TOKEN.test(key)) return { ok: false, error: `"${key}" is not a valid header name (letters, digits and - only, no spaces or colons).` };
    if (Object.keys(headers).some((k) => k.toLowerCase() === key.toLowerCase())) return { ok: false, error: `The header ${key} is set twice.` };
    if (/[\r\n]/.test(row.value)) return { ok: false, error: `The value of ${key} has a line break.` };
    headers[key] = row.value.trim();
  }
  const requestMs = millis('The request timeout', d.requestTimeout);
  const connectMs = millis('The connect timeout', d.connectTimeout);
  if (typeof requestMs === 'string') return { ok: false, error: requestMs };
  if (typeof connectMs === 'string') return { ok: false, error: connectMs };
  const timeouts = requestMs || connectMs ? { timeouts: { ...(requestMs ? { requestMs } : {}), ...(connectMs ? { connectMs } : {}) } } : {};
  const slug =
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 40) || 'server';
  const result = HttpConnectionSchema.safeParse({
    id: d.id ?? `${slug}-${newId()}`,
    name,
    transport: 'http',
    url: parsed.href,
    headers,
    mode: d.mode,
    ...timeouts,
  });
  if (!result.success) {
    const issue = result.error.issues[0];
    return { ok: false, error: `The connection is invalid at ${issue?.path.join('.') || 'top level'}: ${issue?.message}.` };
  }
  return { ok: true, connection: result.data };
}
