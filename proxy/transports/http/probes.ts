/**
 * Active probes, run only when the person asks (a button in the page, `loupe check --probe`):
 * they send requests a well-behaved client never would. Each probe is one recorded exchange in
 * the http lane; its `end` frame carries `probe` and `verdict`, which the http.* rules annotate.
 * A `baseline` exchange first sends the same initialize with the person's own headers and no
 * foreign Origin: a verdict is only drawn against it (a 401 to everyone says nothing about Origin;
 * a server that issues no session id has no unknown session). Probe bodies stay in the http lane
 * so they never mix with the session's JSON-RPC traffic.
 */
import { randomBytes } from 'node:crypto';
import { DEFAULT_PROTOCOL_VERSION } from '../../../lib/mcp/versions';
import type { Crossing } from '../types';
import { readText } from './body';
import type { MicroClock } from './options';
import { setHeader } from './sniff';
import { HttpWire, type Sink } from './wire';

import type { ProbeName, ProbeVerdict } from '../../../lib/mcp/frame';

export type { ProbeName, ProbeVerdict };

export interface ProbeFinding {
  probe: Exclude<ProbeName, 'baseline'>;
  rule: 'http.origin-not-validated' | 'http.unknown-session-status';
  verdict: ProbeVerdict;
  status?: number;
  /** One line naming the concrete values. */
  message: string;
  /** The seq of the probe's request frame (for a probe not sent, the baseline's it was judged by). */
  exchange: number;
}

export interface ProbeOptions {
  clock?: MicroClock;
  /** Where the probe frames go (the session's recorder), answering the Frame it made of each:
   *  `exchange` links in the frames are their seqs. Without it the crossings are returned, and
   *  their links are 1-based positions in `crossings`. */
  record?: Sink;
  timeoutMs?: number;
  protocolVersion?: string;
}

export interface ProbeReport {
  findings: ProbeFinding[];
  /** The probe frames, when no `record` was given. */
  crossings: Crossing[];
}

export const FOREIGN_ORIGIN = 'https://loupe-probe.invalid';

const defaultClock: MicroClock = { now: () => Math.round(performance.now() * 1000) };

export async function probeServer(url: string, headers: Record<string, string>, options: ProbeOptions = {}): Promise<ProbeReport> {
  const crossings: Crossing[] = [];
  // With no session, this list is the recorder: a crossing's seq is its position in it.
  const sink: Sink = options.record ?? ((c) => ({ seq: crossings.push(c), ...c }));
  const wire = new HttpWire(options.clock ?? defaultClock, () => sink, new AbortController().signal);
  const ctx = { wire, url, headers, timeoutMs: options.timeoutMs ?? 10_000, version: options.protocolVersion ?? DEFAULT_PROTOCOL_VERSION };
  // The yardstick: the same initialize with the person's own headers and no foreign Origin. A
  // refusal of the probe means something only when this one is accepted, and a server that issues
  // no session id has no unknown session to answer.
  const baseline = await probeBaseline(ctx);
  const findings = [await probeOrigin(ctx, baseline), await probeUnknownSession(ctx, baseline)];
  return { findings, crossings };
}

interface ProbeContext {
  wire: HttpWire;
  url: string;
  headers: Record<string, string>;
  timeoutMs: number;
  version: string;
}

function postHeaders(ctx: ProbeContext): Record<string, string> {
  const h = { ...ctx.headers };
  setHeader(h, 'Accept', 'application/json, text/event-stream');
  setHeader(h, 'Content-Type', 'application/json');
  return h;
}

interface Answer {
  status: number;
  sessionId?: string;
  challenge?: string;
}

/** What the baseline initialize got: the status, and whether the server issued a session id. */
type Baseline = { ok: true; answer: Answer; exchange: number } | { ok: false; why: string; exchange: number };

type Judgement = { verdict: ProbeVerdict; message: string };

/** One probe exchange: answers what came back (undefined when the request failed) and the seq. */
async function exchange(ctx: ProbeContext, probe: ProbeName, headers: Record<string, string>, body: string, judge: (a: Answer) => Judgement | { note: string }): Promise<{ answer?: Answer; judgement: Judgement | { note: string }; exchange: number }> {
  const rule = probe === 'origin' ? 'http.origin-not-validated' : probe === 'unknown-session' ? 'http.unknown-session-status' : undefined;
  let ex;
  try {
    ex = await ctx.wire.open({ method: 'POST', url: ctx.url, headers, body, role: 'probe', probe, timeoutMs: ctx.timeoutMs });
  } catch (e) {
    const message = `the ${probe} probe got no answer: ${(e as Error).message}`;
    return { judgement: probe === 'baseline' ? { note: message } : { verdict: 'inconclusive', message }, exchange: 0 };
  }
  const text = await readText(ex, ctx.timeoutMs);
  const answer: Answer = {
    status: ex.response.status,
    sessionId: ex.response.headers.get('mcp-session-id') ?? undefined,
    challenge: ex.response.headers.get('www-authenticate') ?? undefined,
  };
  const judgement = judge(answer);
  const verdict = 'verdict' in judgement ? { rule, verdict: judgement.verdict, message: judgement.message } : { message: judgement.note };
  ex.end({ raw: text.text, bytes: text.bytes, error: text.error, judged: verdict });
  if (answer.sessionId) await endSession(ctx, probe, answer.sessionId);
  return { answer, judgement, exchange: ex.id };
}

/** Ends a session a probe opened, so that it does not linger on the server. */
async function endSession(ctx: ProbeContext, probe: ProbeName, sessionId: string): Promise<void> {
  const del = { ...ctx.headers, 'Mcp-Session-Id': sessionId };
  try {
    const ex = await ctx.wire.open({ method: 'DELETE', url: ctx.url, headers: del, role: 'probe', probe, timeoutMs: ctx.timeoutMs });
    const text = await readText(ex, ctx.timeoutMs);
    ex.end({ raw: text.text, bytes: text.bytes });
  } catch {
    // Recorded by the wire; cleanup is best effort.
  }
}

function initializeBody(ctx: ProbeContext, id: string): string {
  return JSON.stringify({ jsonrpc: '2.0', id, method: 'initialize', params: { protocolVersion: ctx.version, capabilities: {}, clientInfo: { name: 'loupe-probe', version: '1' } } });
}

async function probeBaseline(ctx: ProbeContext): Promise<Baseline> {
  const r = await exchange(ctx, 'baseline', postHeaders(ctx), initializeBody(ctx, 'loupe-probe-baseline'), (a) => ({
    note: `the same initialize without a foreign Origin, for comparison: ${a.status}${a.sessionId ? `, session id issued` : ', no session id issued'}`,
  }));
  return r.answer ? { ok: true, answer: r.answer, exchange: r.exchange } : { ok: false, why: 'note' in r.judgement ? r.judgement.note : 'no answer', exchange: r.exchange };
}

const ok = (status: number) => status >= 200 && status < 300;

async function probeOrigin(ctx: ProbeContext, baseline: Baseline): Promise<ProbeFinding> {
  const headers = postHeaders(ctx);
  setHeader(headers, 'Origin', FOREIGN_ORIGIN);
  const r = await exchange(ctx, 'origin', headers, initializeBody(ctx, 'loupe-probe-origin'), (a) => judgeOrigin(a, baseline));
  return finding('origin', r);
}

/**
 * A 2xx to a foreign Origin fails. A 4xx passes only when the same request without it was
 * accepted: a server that wants credentials answers 401/403 to everyone, whatever the Origin.
 */
function judgeOrigin(a: Answer, baseline: Baseline): Judgement {
  if (ok(a.status)) return { verdict: 'fail', message: `the server accepted an initialize from Origin ${FOREIGN_ORIGIN} (${a.status}): it must reject foreign origins (403) to stop DNS rebinding` };
  if (a.status < 400 || a.status >= 500) return { verdict: 'inconclusive', message: `the server answered the foreign-Origin probe with ${a.status}` };
  if (!baseline.ok) return { verdict: 'inconclusive', message: `the server refused Origin ${FOREIGN_ORIGIN} with ${a.status}, but the same request without it got no answer (${baseline.why}): nothing shows the Origin was the reason` };
  if (!ok(baseline.answer.status)) {
    const auth = baseline.answer.status === 401 || baseline.answer.status === 403;
    return {
      verdict: 'inconclusive',
      message: `the server refused Origin ${FOREIGN_ORIGIN} with ${a.status}, and the same request without it with ${baseline.answer.status}${auth ? ' (it wants credentials: run the probes with them, e.g. an Authorization header)' : ''}: this does not show that it validates Origin`,
    };
  }
  return { verdict: 'pass', message: `the server refused Origin ${FOREIGN_ORIGIN} with ${a.status} and accepted the same request without it (${baseline.answer.status})` };
}

async function probeUnknownSession(ctx: ProbeContext, baseline: Baseline): Promise<ProbeFinding> {
  // Only a server that issues session ids can be asked about one it never issued.
  if (!baseline.ok || !ok(baseline.answer.status) || !baseline.answer.sessionId) {
    const why = !baseline.ok ? `the initialize to compare with got no answer (${baseline.why})`
      : !ok(baseline.answer.status) ? `the initialize to compare with was refused (${baseline.answer.status})`
        : 'the server issues no Mcp-Session-Id (it is stateless)';
    return { probe: 'unknown-session', rule: 'http.unknown-session-status', verdict: 'inconclusive', message: `not sent: ${why}, so an unknown session id means nothing to it`, exchange: baseline.exchange };
  }
  const made = `loupe-probe-${randomBytes(8).toString('hex')}`;
  const headers = postHeaders(ctx);
  setHeader(headers, 'Mcp-Session-Id', made);
  setHeader(headers, 'MCP-Protocol-Version', ctx.version);
  const ping = JSON.stringify({ jsonrpc: '2.0', id: 'loupe-probe-session', method: 'ping' });
  const r = await exchange(ctx, 'unknown-session', headers, ping, (a) =>
    a.status === 404
      ? { verdict: 'pass', message: `the server answered the made-up session id ${made} with 404` }
      : { verdict: 'fail', message: `the server answered the made-up session id ${made} with ${a.status}, not 404: clients cannot tell that they must initialize again` });
  return finding('unknown-session', r);
}

function finding(probe: Exclude<ProbeName, 'baseline'>, r: { answer?: Answer; judgement: Judgement | { note: string }; exchange: number }): ProbeFinding {
  const rule = probe === 'origin' ? 'http.origin-not-validated' : 'http.unknown-session-status';
  const j = 'verdict' in r.judgement ? r.judgement : { verdict: 'inconclusive' as const, message: r.judgement.note };
  return { probe, rule, verdict: j.verdict, status: r.answer?.status, message: j.message, exchange: r.exchange };
}
