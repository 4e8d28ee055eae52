/**
 * Why a live check could not judge the server: the handshake was refused, read from the recorded
 * wire rather than from the client's error text. A refusal is an answer about access or versions,
 * not MCP behaviour to judge: HTTP 4xx/5xx to the initialize POST, or a JSON-RPC error to
 * initialize. Then `loupe check` exits 2 ("could not run"), never 0 ("passed").
 */
import { headerValue, type Frame } from '../../../lib/mcp/frame';
import { asObject } from '../../../lib/mcp/json';

function parse(raw: string): Record<string, unknown> | undefined {
  try {
    const v: unknown = JSON.parse(raw);
    return asObject(v);
  } catch {
    return undefined;
  }
}

function httpRefusal(frames: readonly Frame[], exchange: number): string | undefined {
  for (const f of frames) {
    if (f.lane !== 'http' || f.meta?.phase !== 'response' || f.meta.exchange !== exchange) continue;
    const { status, statusText, headers } = f.meta;
    if (status < 400) return undefined;
    const challenge = headerValue(headers, 'www-authenticate');
    const hint =
      status === 401 || status === 403
        ? `: the server wants credentials${challenge ? ` (WWW-Authenticate: ${challenge})` : ''}; pass them with --header 'Authorization: Bearer …'`
        : '';
    return `the server answered the initialize POST with HTTP ${status}${statusText ? ` ${statusText}` : ''}${hint}`;
  }
  return undefined;
}

/** The reason the server refused the handshake, or undefined when it did not refuse it. */
export function handshakeRefusal(frames: readonly Frame[]): string | undefined {
  const init = frames.find((f) => f.lane === 'message' && f.dir === 'c2s' && parse(f.raw)?.method === 'initialize');
  if (!init || init.lane !== 'message') return undefined;
  const exchange = init.meta?.transport === 'http' ? init.meta.exchange : undefined;
  if (exchange !== undefined) {
    const refused = httpRefusal(frames, exchange);
    if (refused) return refused;
  }
  const id = parse(init.raw)?.id;
  for (const f of frames) {
    if (f.lane !== 'message' || f.dir !== 's2c' || f.seq < init.seq) continue;
    const msg = parse(f.raw);
    if (!msg || msg.id !== id || msg.method !== undefined) continue;
    const error = msg.error as Record<string, unknown> | undefined;
    if (typeof error !== 'object' || error === null) return undefined;
    return `the server answered initialize with error ${String(error.code)}: ${JSON.stringify(error.message)}; it may support none of the protocol versions offered (try --protocol-version) or want other client capabilities`;
  }
  return undefined;
}
