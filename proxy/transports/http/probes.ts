/**
 * Active probes, run only when the person asks (a button in the page, `loupe check --probe`):
 * they send requests a well-behaved client never would. Each probe is one recorded exchange in
 * the http lane; its `end` frame carries `probe` and `verdict`, which the http.* rules annotate.
 * A `baseline` exchange first sends the same initialize with the person's own headers and no
 * foreign Origin: a verdict is only drawn against it (a 401 to everyone says nothing about Origin;
 * a server that issues no session id has no unknown session). Probe bodies stay in the http lane
 * so they never mix with the session's JSON-RPC traffic.
 *
 * The probes speak the transport the session uses and open sessions of their own: never the live
 * one's id, stream or endpoint. This file is Streamable HTTP (each initialize without a session
 * id starts a new session, ended with DELETE); probes-legacy.ts is HTTP+SSE; probes-modern.ts the
 * 2026-07-28 header validation, run when the session speaks that version.
 */
import { randomBytes } from 'node:crypto';
import { DEFAULT_PROTOCOL_VERSION } from '../../../lib/mcp/versions';
import type { Crossing } from '../types';
import { readText } from './body';
import type { MicroClock } from './options';
import {
  finding,
  initializeBody,
  isOk,
  judgeOrigin,
  postHeaders,
  probePost,
  FOREIGN_ORIGIN,
  type Baseline,
  type ProbeContext,
  type ProbeFinding,
} from './probe-kit';
import { probeLegacyServer } from './probes-legacy';
import { probeModernHeaders } from './probes-modern';
import { isModernVersion } from '../../../lib/mcp/modern';
import { setHeader } from './sniff';
import { HttpWire, type Sink } from './wire';

import type { ProbeName } from '../../../lib/mcp/frame';

export type { ProbeFinding };
export { FOREIGN_ORIGIN };

export interface ProbeOptions {
  clock?: MicroClock;
  /** Where the probe frames go (the session's recorder), answering the Frame it made of each:
   *  `exchange` links in the frames are their seqs. Without it the crossings are returned, and
   *  their links are 1-based positions in `crossings`. */
  record?: Sink;
  timeoutMs?: number;
  protocolVersion?: string;
  /** The transport to speak: `sse` probes a 2024-11-05 HTTP+SSE server at its SSE URL. */
  transport?: 'streamable' | 'sse';
}

export interface ProbeReport {
  findings: ProbeFinding[];
  /** The probe frames, when no `record` was given. */
  crossings: Crossing[];
}

const defaultClock: MicroClock = { now: () => Math.round(performance.now() * 1000) };

export async function probeServer(url: string, headers: Record<string, string>, options: ProbeOptions = {}): Promise<ProbeReport> {
  const crossings: Crossing[] = [];
  // With no session, this list is the recorder: a crossing's seq is its position in it.
  const sink: Sink = options.record ?? ((c) => ({ seq: crossings.push(c), ...c }));
  const wire = new HttpWire(options.clock ?? defaultClock, () => sink, new AbortController().signal);
  const ctx: ProbeContext = { wire, url, headers, timeoutMs: options.timeoutMs ?? 10_000, version: options.protocolVersion ?? DEFAULT_PROTOCOL_VERSION };
  if (options.transport === 'sse') return { findings: await probeLegacyServer(ctx), crossings };
  // The yardstick: the same initialize with the person's own headers and no foreign Origin. A
  // refusal of the probe means something only when this one is accepted, and a server that issues
  // no session id has no unknown session to answer.
  const baseline = await probeBaseline(ctx);
  const findings = [await probeOrigin(ctx, baseline), await probeUnknownSession(ctx, baseline)];
  // A 2026-07-28 session: does the server refuse a request whose Mcp-Name disagrees with its body?
  if (isModernVersion(ctx.version)) findings.push(...(await probeModernHeaders(ctx)));
  return { findings, crossings };
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

/** One initialize of a probe; the session it opened (if any) is ended at once. */
async function initialize(ctx: ProbeContext, probe: ProbeName, headers: Record<string, string>, judge: Parameters<typeof probePost>[3]) {
  const r = await probePost(ctx, probe, { url: ctx.url, headers, body: initializeBody(ctx.version, `loupe-probe-${probe}`) }, judge);
  if (r.answer?.sessionId) await endSession(ctx, probe, r.answer.sessionId);
  return r;
}

async function probeBaseline(ctx: ProbeContext): Promise<Baseline> {
  const r = await initialize(ctx, 'baseline', postHeaders(ctx.headers), (a) => ({
    note: `the same initialize without a foreign Origin, for comparison: ${a.status}${a.sessionId ? `, session id issued` : ', no session id issued'}`,
  }));
  return r.answer
    ? { ok: true, answer: r.answer, exchange: r.exchange }
    : { ok: false, why: 'note' in r.judgement ? r.judgement.note : 'no answer', exchange: r.exchange };
}

async function probeOrigin(ctx: ProbeContext, baseline: Baseline): Promise<ProbeFinding> {
  const headers = postHeaders(ctx.headers);
  setHeader(headers, 'Origin', FOREIGN_ORIGIN);
  return finding('origin', await initialize(ctx, 'origin', headers, (a) => judgeOrigin(a, baseline)));
}

async function probeUnknownSession(ctx: ProbeContext, baseline: Baseline): Promise<ProbeFinding> {
  // Only a server that issues session ids can be asked about one it never issued.
  if (!baseline.ok || !isOk(baseline.answer.status) || !baseline.answer.sessionId) {
    const why = !baseline.ok
      ? `the initialize to compare with got no answer (${baseline.why})`
      : !isOk(baseline.answer.status)
        ? `the initialize to compare with was refused (${baseline.answer.status})`
        : 'the server issues no Mcp-Session-Id (it is stateless)';
    return {
      probe: 'unknown-session',
      rule: 'http.unknown-session-status',
      verdict: 'inconclusive',
      message: `not sent: ${why}, so an unknown session id means nothing to it`,
      exchange: baseline.exchange,
    };
  }
  const made = `loupe-probe-${randomBytes(8).toString('hex')}`;
  const headers = postHeaders(ctx.headers);
  setHeader(headers, 'Mcp-Session-Id', made);
  setHeader(headers, 'MCP-Protocol-Version', ctx.version);
  const ping = JSON.stringify({ jsonrpc: '2.0', id: 'loupe-probe-session', method: 'ping' });
  const r = await probePost(ctx, 'unknown-session', { url: ctx.url, headers, body: ping }, (a) =>
    a.status === 404
      ? { verdict: 'pass', message: `the server answered the made-up session id ${made} with 404` }
      : {
          verdict: 'fail',
          message: `the server answered the made-up session id ${made} with ${a.status}, not 404: clients cannot tell that they must initialize again`,
        },
  );
  return finding('unknown-session', r);
}
