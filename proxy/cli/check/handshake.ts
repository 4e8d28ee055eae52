/**
 * Why a live check could not judge the server: the handshake was refused, read from the recorded
 * wire rather than from the client's error text. A refusal is an answer about access or versions,
 * not MCP behaviour to judge: HTTP 4xx/5xx to the initialize POST, or a JSON-RPC error to
 * initialize. Then `loupe check` exits 2 ("could not run"), never 0 ("passed").
 */
import type { Frame } from '../../../lib/mcp/frame';

type Meta = Record<string, unknown>;

const metaOf = (f: Frame): Meta => (f.meta ?? {}) as Meta;

function parse(raw: string): Meta | undefined {
  try {
    const v: unknown = JSON.parse(raw);
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Meta) : undefined;
  } catch {
    return undefined;
  }
}

function headerOf(meta: Meta, name: string): string | undefined {
  const headers = meta.headers;
  if (typeof headers !== 'object' || headers === null) return undefined;
  const hit = Object.entries(headers as Record<string, unknown>).find(([k]) => k.toLowerCase() === name);
  return typeof hit?.[1] === 'string' ? hit[1] : undefined;
}

function httpRefusal(frames: readonly Frame[], exchange: number): string | undefined {
  const response = frames.find((f) => f.lane === 'http' && f.dir === 's2c' && metaOf(f).phase === 'response' && metaOf(f).exchange === exchange);
  const meta = response ? metaOf(response) : undefined;
  const status = typeof meta?.status === 'number' ? meta.status : undefined;
  if (!meta || status === undefined || status < 400) return undefined;
  const text = typeof meta.statusText === 'string' && meta.statusText ? ` ${meta.statusText}` : '';
  const challenge = headerOf(meta, 'www-authenticate');
  const hint = status === 401 || status === 403
    ? `: the server wants credentials${challenge ? ` (WWW-Authenticate: ${challenge})` : ''}; pass them with --header 'Authorization: Bearer …'`
    : '';
  return `the server answered the initialize POST with HTTP ${status}${text}${hint}`;
}

/** The reason the server refused the handshake, or undefined when it did not refuse it. */
export function handshakeRefusal(frames: readonly Frame[]): string | undefined {
  const init = frames.find((f) => f.lane === 'message' && f.dir === 'c2s' && parse(f.raw)?.method === 'initialize');
  if (!init) return undefined;
  const exchange = metaOf(init).exchange;
  if (typeof exchange === 'number') {
    const refused = httpRefusal(frames, exchange);
    if (refused) return refused;
  }
  const id = parse(init.raw)?.id;
  for (const f of frames) {
    if (f.lane !== 'message' || f.dir !== 's2c' || f.seq < init.seq) continue;
    const msg = parse(f.raw);
    if (!msg || msg.id !== id || msg.method !== undefined) continue;
    const error = msg.error as Meta | undefined;
    if (typeof error !== 'object' || error === null) return undefined;
    return `the server answered initialize with error ${String(error.code)}: ${JSON.stringify(error.message)}; it may support none of the protocol versions offered (try --protocol-version) or want other client capabilities`;
  }
  return undefined;
}
