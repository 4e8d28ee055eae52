/**
 * What the active probes of both HTTP transports share: one recorded probe exchange, the
 * baseline a verdict is drawn against, and the Origin judgement. Each transport's probes
 * (probes.ts for Streamable HTTP, probes-legacy.ts for HTTP+SSE) speak its own protocol.
 */
import type { ProbeName, ProbeVerdict } from '../../../lib/mcp/frame';
import { readText } from './body';
import { setHeader } from './sniff';
import type { HttpWire } from './wire';

export interface ProbeFinding {
  probe: Exclude<ProbeName, 'baseline'>;
  rule: 'http.origin-not-validated' | 'http.unknown-session-status' | 'modern.header-mismatch-answer';
  verdict: ProbeVerdict;
  status?: number;
  /** One line naming the concrete values. */
  message: string;
  /** The seq of the probe's request frame (for a probe not sent, the baseline's it was judged by). */
  exchange: number;
}

export const FOREIGN_ORIGIN = 'https://loupe-probe.invalid';

export interface ProbeContext {
  wire: HttpWire;
  url: string;
  headers: Record<string, string>;
  timeoutMs: number;
  version: string;
}

export interface Answer {
  status: number;
  sessionId?: string;
  challenge?: string;
  /** The body as read (a JSON-RPC error says which code refused the request). */
  body?: string;
}

/** What the baseline initialize got: the status, and whether the server issued a session id. */
export type Baseline = { ok: true; answer: Answer; exchange: number } | { ok: false; why: string; exchange: number };

export type Judgement = { verdict: ProbeVerdict; message: string };
export type ProbeOutcome = { answer?: Answer; judgement: Judgement | { note: string }; exchange: number };

export const isOk = (status: number) => status >= 200 && status < 300;

export function ruleOf(probe: ProbeName): ProbeFinding['rule'] | undefined {
  return probe === 'origin'
    ? 'http.origin-not-validated'
    : probe === 'unknown-session'
      ? 'http.unknown-session-status'
      : probe === 'header-name'
        ? 'modern.header-mismatch-answer'
        : undefined;
}

export function postHeaders(headers: Record<string, string>): Record<string, string> {
  const h = { ...headers };
  setHeader(h, 'Accept', 'application/json, text/event-stream');
  setHeader(h, 'Content-Type', 'application/json');
  return h;
}

export function initializeBody(version: string, id: string): string {
  return JSON.stringify({
    jsonrpc: '2.0',
    id,
    method: 'initialize',
    params: { protocolVersion: version, capabilities: {}, clientInfo: { name: 'loupe-probe', version: '1' } },
  });
}

/** The judgement as the `end` frame of a probe exchange carries it. */
export function judged(probe: ProbeName, judgement: Judgement | { note: string }): { rule?: string; verdict?: ProbeVerdict; message: string } {
  return 'verdict' in judgement ? { rule: ruleOf(probe), verdict: judgement.verdict, message: judgement.message } : { message: judgement.note };
}

/** One POST of a probe, its body kept in the http lane; answers what came back (none when the
 *  request failed) and the seq of its request frame. */
export async function probePost(
  ctx: ProbeContext,
  probe: ProbeName,
  req: { url: string; headers: Record<string, string>; body: string; timeoutMs?: number },
  judge: (a: Answer) => Judgement | { note: string },
): Promise<ProbeOutcome> {
  const timeoutMs = req.timeoutMs ?? ctx.timeoutMs;
  let ex;
  try {
    ex = await ctx.wire.open({ method: 'POST', url: req.url, headers: req.headers, body: req.body, role: 'probe', probe, timeoutMs });
  } catch (e) {
    const message = `the ${probe} probe got no answer: ${(e as Error).message}`;
    return { judgement: probe === 'baseline' ? { note: message } : { verdict: 'inconclusive', message }, exchange: 0 };
  }
  const text = await readText(ex, timeoutMs);
  const answer: Answer = {
    status: ex.response.status,
    sessionId: ex.response.headers.get('mcp-session-id') ?? undefined,
    challenge: ex.response.headers.get('www-authenticate') ?? undefined,
    body: text.text,
  };
  const judgement = judge(answer);
  ex.end({ raw: text.text, bytes: text.bytes, error: text.error, judged: judged(probe, judgement) });
  return { answer, judgement, exchange: ex.id };
}

/**
 * A 2xx to a foreign Origin fails. A 4xx passes only when the same request without it was
 * accepted: a server that wants credentials answers 401/403 to everyone, whatever the Origin.
 * `what` names what the server accepted ("an initialize", "an SSE connection and an initialize").
 */
export function judgeOrigin(a: Answer, baseline: Baseline, what = 'an initialize'): Judgement {
  if (isOk(a.status))
    return {
      verdict: 'fail',
      message: `the server accepted ${what} from Origin ${FOREIGN_ORIGIN} (${a.status}): it must reject foreign origins (403) to stop DNS rebinding`,
    };
  if (a.status < 400 || a.status >= 500) return { verdict: 'inconclusive', message: `the server answered the foreign-Origin probe with ${a.status}` };
  if (!baseline.ok)
    return {
      verdict: 'inconclusive',
      message: `the server refused Origin ${FOREIGN_ORIGIN} with ${a.status}, but the same request without it got no answer (${baseline.why}): nothing shows the Origin was the reason`,
    };
  if (!isOk(baseline.answer.status)) {
    const auth = baseline.answer.status === 401 || baseline.answer.status === 403;
    return {
      verdict: 'inconclusive',
      message: `the server refused Origin ${FOREIGN_ORIGIN} with ${a.status}, and the same request without it with ${baseline.answer.status}${auth ? ' (it wants credentials: run the probes with them, e.g. an Authorization header)' : ''}: this does not show that it validates Origin`,
    };
  }
  return {
    verdict: 'pass',
    message: `the server refused Origin ${FOREIGN_ORIGIN} with ${a.status} and accepted the same request without it (${baseline.answer.status})`,
  };
}

export function finding(probe: Exclude<ProbeName, 'baseline'>, r: ProbeOutcome): ProbeFinding {
  const j = 'verdict' in r.judgement ? r.judgement : { verdict: 'inconclusive' as const, message: r.judgement.note };
  return { probe, rule: ruleOf(probe)!, verdict: j.verdict, status: r.answer?.status, message: j.message, exchange: r.exchange };
}
