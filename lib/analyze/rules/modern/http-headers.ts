/**
 * modern.*: Streamable HTTP in 2026-07-28 (basic/transports/streamable-http): the request
 * metadata headers agree with the body (MCP-Protocol-Version, Mcp-Method, Mcp-Name, Mcp-Param-*),
 * a disagreement is answered 400 with -32020, modern errors carry their HTTP status, and the
 * session-era mechanics (Mcp-Session-Id, the GET stream, Last-Event-ID) are gone. Judged from the
 * http-lane frames and the message frames that point at their exchange.
 */
import { headerValue, type Frame, type HeaderPairs } from '../../../mcp/frame';
import { HEADER_MISMATCH, MISSING_CLIENT_CAPABILITY, metaVersion, UNSUPPORTED_VERSION } from '../../../mcp/era';
import type { FrameContext, RuleModule } from '../../types';
import { isObj, own, strAt } from '../../util';
import { paramHeaders } from '../../../mcp/modern-headers';
import { headerDisagrees, valueAt } from './header-values';
import { HTTP } from './shared';

/** The body field `Mcp-Name` mirrors, by method (the tasks rows from the tasks extension). */
const NAME_SOURCE: Readonly<Record<string, string>> = {
  'tools/call': 'name',
  'prompts/get': 'name',
  'resources/read': 'uri',
  'tasks/get': 'taskId',
  'tasks/update': 'taskId',
  'tasks/cancel': 'taskId',
};
const STATUS_OF: Readonly<Record<number, number>> = { [HEADER_MISMATCH]: 400, [MISSING_CLIENT_CAPABILITY]: 400, [UNSUPPORTED_VERSION]: 400, [-32601]: 404 };

interface ModernExchange {
  seq: number;
  headers: HeaderPairs;
  modern?: boolean;
  status?: number;
  /** The first header that disagreed with the body, until the answer is judged. */
  mismatch?: string;
  answered?: boolean;
}

const exchanges = new WeakMap<object, Map<number, ModernExchange>>();

function exchangesOf(ctx: FrameContext): Map<number, ModernExchange> {
  let m = exchanges.get(ctx.state);
  if (!m) exchanges.set(ctx.state, (m = new Map()));
  return m;
}

export const modernHttpRules: RuleModule = {
  rules: {
    'modern.header-version': { severity: 'error', layer: 'transport', section: `${HTTP}protocol-version-header` },
    'modern.header-method': { severity: 'error', layer: 'transport', section: `${HTTP}standard-request-headers` },
    'modern.header-name': { severity: 'error', layer: 'transport', section: `${HTTP}standard-request-headers` },
    'modern.header-param': { severity: 'error', layer: 'transport', section: `${HTTP}custom-headers-from-tool-parameters` },
    'modern.header-mismatch-answer': { severity: 'error', layer: 'transport', section: `${HTTP}server-validation` },
    'modern.error-http-status': { severity: 'error', layer: 'transport', section: `${HTTP}protocol-version-header` },
    'modern.legacy-http': { severity: 'warning', layer: 'transport', section: `${HTTP}earlier-streamable-http-revisions` },
  },

  onFrame(ctx) {
    const { frame } = ctx;
    if (frame.meta?.transport !== 'http' || frame.dir === 'local') return;
    const all = exchangesOf(ctx);
    if (frame.lane === 'http') {
      const meta = frame.meta;
      if (meta.phase === 'request') {
        if (meta.stream === 'oauth' || meta.stream === 'probe') return;
        all.set(frame.seq, { seq: frame.seq, headers: meta.headers });
        if (meta.method === 'GET' && ctx.state.eras.current === 'modern')
          ctx.report('modern.legacy-http', [frame.seq], 'a GET stream opened in a modern session; 2026-07-28 has no GET endpoint (use subscriptions/listen)');
        return;
      }
      const ex = all.get(meta.exchange);
      if (!ex) return;
      if (meta.phase === 'response') {
        ex.status = meta.status;
        if (ex.modern && headerValue(meta.headers, 'mcp-session-id') !== undefined)
          ctx.report(
            'modern.legacy-http',
            [frame.seq, ex.seq],
            'the server answered a modern request with an Mcp-Session-Id; 2026-07-28 servers do not mint session ids',
          );
      }
      // An owner that lets ended exchanges go finds none of their frames again (HttpExchanges.releasesEnded).
      if (meta.phase === 'end' && ctx.state.exchanges.releasesEnded) all.delete(meta.exchange);
      if (meta.phase === 'end' && ex.mismatch !== undefined && !ex.answered) {
        ex.answered = true;
        if (ex.status !== 400)
          ctx.report(
            'modern.header-mismatch-answer',
            [frame.seq, ex.seq],
            `${ex.mismatch}, yet the server answered ${ex.status ?? 'nothing'}; it must reject the request with 400 and error -32020`,
          );
      }
      return;
    }
    if (frame.lane !== 'message' || frame.meta.exchange === undefined) return;
    const ex = all.get(frame.meta.exchange);
    const body = ctx.parsed?.value;
    if (!ex || !isObj(body)) return;
    if (frame.dir === 'c2s') judgeRequest(ctx, ex, body);
    else judgeAnswer(ctx, ex, body, frame);
  },
};

function judgeRequest(ctx: FrameContext, ex: ModernExchange, body: Record<string, unknown>): void {
  const method = own(body, 'method');
  if (typeof method !== 'string' || !Object.prototype.hasOwnProperty.call(body, 'id')) return;
  const params = own(body, 'params');
  const version = metaVersion(params);
  ex.modern = version !== undefined || method === 'server/discover' || ctx.state.eras.current === 'modern';
  if (!ex.modern) return;
  const at = [ctx.frame.seq, ex.seq];
  const found: [string, string][] = [];
  const sent = headerValue(ex.headers, 'mcp-protocol-version');
  if (sent === undefined)
    found.push(['modern.header-version', `MCP-Protocol-Version is missing (the body's _meta says ${JSON.stringify(version ?? 'nothing')})`]);
  else if (version !== undefined && sent !== version)
    found.push(['modern.header-version', `MCP-Protocol-Version ${JSON.stringify(sent)} does not match the body's _meta version ${JSON.stringify(version)}`]);
  const m = headerValue(ex.headers, 'mcp-method');
  if (m !== method)
    found.push([
      'modern.header-method',
      m === undefined ? `Mcp-Method is missing (the body's method is ${method})` : `Mcp-Method ${JSON.stringify(m)} does not match the body's method ${method}`,
    ]);
  const field = Object.prototype.hasOwnProperty.call(NAME_SOURCE, method) ? NAME_SOURCE[method] : undefined;
  const nameWrong = field === undefined ? undefined : headerDisagrees('Mcp-Name', headerValue(ex.headers, 'mcp-name'), own(isObj(params) ? params : {}, field));
  if (nameWrong) found.push(['modern.header-name', nameWrong]);
  if (method === 'tools/call') {
    const tool = ctx.state.tools.get(strAt(params, 'name') ?? '');
    const args = isObj(params) ? own(params, 'arguments') : undefined;
    for (const p of tool ? paramHeaders(tool.inputSchema).headers : []) {
      const wrong = headerDisagrees(`Mcp-Param-${p.name}`, headerValue(ex.headers, `mcp-param-${p.name}`), valueAt(args, p.path));
      if (wrong) found.push(['modern.header-param', `${wrong} (x-mcp-header on ${p.path.join('.')} of ${tool?.name})`]);
    }
  }
  for (const [rule, message] of found) ctx.report(rule, at, message);
  if (found.length) ex.mismatch = found[0][1];
  const legacy = ['mcp-session-id', 'last-event-id'].filter((h) => headerValue(ex.headers, h) !== undefined);
  if (legacy.length)
    ctx.report(
      'modern.legacy-http',
      at,
      `a modern ${method} carries ${legacy.map((h) => (h === 'mcp-session-id' ? 'Mcp-Session-Id' : 'Last-Event-ID')).join(' and ')}; 2026-07-28 has no sessions and no resumable streams`,
    );
}

function judgeAnswer(ctx: FrameContext, ex: ModernExchange, body: Record<string, unknown>, frame: Frame): void {
  if (!ex.modern || !Object.prototype.hasOwnProperty.call(body, 'id') || own(body, 'method') !== undefined) return;
  const at = [frame.seq, ex.seq];
  const code = own(isObj(own(body, 'error')) ? (own(body, 'error') as Record<string, unknown>) : {}, 'code');
  if (ex.mismatch !== undefined && !ex.answered) {
    ex.answered = true;
    if (ex.status !== 400 || code !== HEADER_MISMATCH) {
      ctx.report(
        'modern.header-mismatch-answer',
        at,
        `${ex.mismatch}, yet the server answered ${ex.status ?? '?'} with ${code === undefined ? 'a result' : `error ${String(code)}`}; it must reject it with 400 and error -32020`,
      );
    }
    return;
  }
  const want = typeof code === 'number' && Object.prototype.hasOwnProperty.call(STATUS_OF, code) ? STATUS_OF[code] : undefined;
  if (want !== undefined && ex.status !== undefined && ex.status !== want) {
    ctx.report('modern.error-http-status', at, `error ${code} was sent with HTTP ${ex.status}; on Streamable HTTP it must be answered ${want}`);
  }
}
