/**
 * The probe of a 2026-07-28 server's header validation (basic/transports/streamable-http#server-
 * validation): a request whose `Mcp-Name` header is missing, or names another tool, resource or
 * prompt than its body, must be refused with 400 and JSON-RPC error -32020 (HeaderMismatch),
 * else whatever routes by the header (a gateway, a firewall rule) acts on one name while the
 * server acts on another.
 *
 * Every probe names a tool, resource and prompt of Loupe's own making, so a server that does not
 * check the header runs nothing of the person's: it answers "unknown tool" at worst. A well-formed
 * `server/discover` goes first: only a server that answers it speaks 2026-07-28 at all.
 */
import { HEADER_MISMATCH, UNSUPPORTED_VERSION } from '../../../lib/mcp/era';
import { withEnvelope } from '../../../lib/mcp/modern';
import { modernRequestHeaders } from '../../../lib/mcp/modern-headers';
import { finding, isOk, postHeaders, probePost, type Answer, type Judgement, type ProbeContext, type ProbeFinding } from './probe-kit';
import { setHeader } from './sniff';

/** What each probe sends: the body's method and params, and the Mcp-Name it sends instead of the
 *  body's (undefined: no header at all). */
interface HeaderCase {
  what: string;
  method: string;
  params: Record<string, unknown>;
  sent: string | undefined;
}

const CASES: readonly HeaderCase[] = [
  { what: 'a tools/call without its Mcp-Name header', method: 'tools/call', params: { name: 'loupe-probe-tool', arguments: {} }, sent: undefined },
  {
    what: 'a tools/call whose Mcp-Name names another tool',
    method: 'tools/call',
    params: { name: 'loupe-probe-tool', arguments: {} },
    sent: 'loupe-probe-other-tool',
  },
  {
    what: 'a resources/read whose Mcp-Name names another resource',
    method: 'resources/read',
    params: { uri: 'loupe-probe://resource' },
    sent: 'loupe-probe://other-resource',
  },
  {
    what: 'a prompts/get whose Mcp-Name names another prompt',
    method: 'prompts/get',
    params: { name: 'loupe-probe-prompt' },
    sent: 'loupe-probe-other-prompt',
  },
];

/** The JSON-RPC error code in a body, JSON or an SSE stream's `data:` lines. */
export function errorCodeIn(body: string | undefined): number | undefined {
  if (!body) return undefined;
  const texts = body.trimStart().startsWith('{')
    ? [body]
    : body
        .split(/\r?\n/)
        .filter((l) => l.startsWith('data:'))
        .map((l) => l.slice(5));
  for (const t of texts) {
    try {
      const code = (JSON.parse(t) as { error?: { code?: unknown } }).error?.code;
      if (typeof code === 'number') return code;
    } catch {
      // Not JSON: the next line may be.
    }
  }
  return undefined;
}

function request(ctx: ProbeContext, id: string, method: string, params: Record<string, unknown>) {
  const message = {
    jsonrpc: '2.0',
    id,
    method,
    params: withEnvelope(params, { protocolVersion: ctx.version, clientCapabilities: {}, clientInfo: { name: 'loupe-probe', version: '1' } }),
  };
  const headers = postHeaders(ctx.headers);
  for (const [k, v] of Object.entries(modernRequestHeaders(message, () => undefined))) setHeader(headers, k, v);
  return { headers, body: JSON.stringify(message) };
}

function judgeHeaderName(c: HeaderCase, a: Answer): Judgement {
  const code = errorCodeIn(a.body);
  const sent = c.sent === undefined ? 'no Mcp-Name' : `Mcp-Name ${c.sent}`;
  if (a.status === 400 && code === HEADER_MISMATCH) return { verdict: 'pass', message: `the server refused ${c.what} (${sent}) with 400 and -32020` };
  if (a.status === 401 || a.status === 403)
    return { verdict: 'inconclusive', message: `the server answered ${c.what} with ${a.status} (it wants credentials: run the probes with them)` };
  if (code === UNSUPPORTED_VERSION) return { verdict: 'inconclusive', message: `the server refused ${c.what} as a version it does not speak (-32022)` };
  if (a.status >= 500) return { verdict: 'inconclusive', message: `the server answered ${c.what} with ${a.status}` };
  const got = `${a.status}${code === undefined ? '' : ` with error ${code}`}`;
  return {
    verdict: 'fail',
    message: `the server answered ${c.what} (${sent}) with ${got}; it must refuse a request whose Mcp-Name disagrees with its body with 400 and error -32020`,
  };
}

/** The Mcp-Name probes, after a well-formed server/discover that shows the server speaks 2026-07-28. */
export async function probeModernHeaders(ctx: ProbeContext): Promise<ProbeFinding[]> {
  const discover = request(ctx, 'loupe-probe-discover', 'server/discover', {});
  const base = await probePost(ctx, 'baseline', { url: ctx.url, ...discover }, (a) => ({
    note: `a well-formed server/discover, to show the server speaks ${ctx.version}: ${a.status}`,
  }));
  if (!base.answer || !isOk(base.answer.status) || errorCodeIn(base.answer.body) !== undefined) {
    const why = !base.answer
      ? 'the well-formed server/discover got no answer'
      : `the well-formed server/discover was answered ${base.answer.status}${errorCodeIn(base.answer.body) === undefined ? '' : ` with error ${errorCodeIn(base.answer.body)}`}`;
    return [
      {
        probe: 'header-name',
        rule: 'modern.header-mismatch-answer',
        verdict: 'inconclusive',
        message: `not sent: ${why}, so the server's header validation cannot be told apart`,
        exchange: base.exchange,
      },
    ];
  }
  const findings: ProbeFinding[] = [];
  for (const [i, c] of CASES.entries()) {
    const r = request(ctx, `loupe-probe-header-name-${i + 1}`, c.method, c.params);
    if (c.sent === undefined)
      for (const k of Object.keys(r.headers)) {
        if (k.toLowerCase() === 'mcp-name') delete r.headers[k];
      }
    else setHeader(r.headers, 'Mcp-Name', c.sent);
    findings.push(finding('header-name', await probePost(ctx, 'header-name', { url: ctx.url, ...r }, (a) => judgeHeaderName(c, a))));
  }
  return findings;
}
