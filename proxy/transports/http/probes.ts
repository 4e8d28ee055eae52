/**
 * Active probes, run only when the person asks (a button in the page, `loupe check --probe`):
 * they send requests a well-behaved client never would. Each probe is one recorded exchange in
 * the http lane; its `end` frame carries `probe` and `verdict`, which the http.* rules annotate.
 * Probe bodies stay in the http lane so they never mix with the session's JSON-RPC traffic.
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
  probe: ProbeName;
  rule: 'http.origin-not-validated' | 'http.unknown-session-status';
  verdict: ProbeVerdict;
  status?: number;
  /** One line naming the concrete values. */
  message: string;
  /** The seq of the probe's request frame. */
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
  const findings = [await probeOrigin(ctx), await probeUnknownSession(ctx)];
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

/** One probe exchange: answers the status (undefined when the request failed) and the seq. */
async function exchange(ctx: ProbeContext, probe: ProbeName, headers: Record<string, string>, body: string, judge: (status: number) => { verdict: ProbeVerdict; message: string }): Promise<ProbeFinding & { sessionId?: string }> {
  const rule = probe === 'origin' ? 'http.origin-not-validated' : 'http.unknown-session-status';
  let ex;
  try {
    ex = await ctx.wire.open({ method: 'POST', url: ctx.url, headers, body, role: 'probe', probe, timeoutMs: ctx.timeoutMs });
  } catch (e) {
    return { probe, rule, verdict: 'inconclusive', message: `the ${probe} probe got no answer: ${(e as Error).message}`, exchange: 0 };
  }
  const text = await readText(ex, ctx.timeoutMs);
  const status = ex.response.status;
  const { verdict, message } = judge(status);
  ex.end({ raw: text.text, bytes: text.bytes, error: text.error, judged: { rule, verdict, message } });
  return { probe, rule, verdict, status, message, exchange: ex.id, sessionId: ex.response.headers.get('mcp-session-id') ?? undefined };
}

async function probeOrigin(ctx: ProbeContext): Promise<ProbeFinding> {
  const headers = postHeaders(ctx);
  setHeader(headers, 'Origin', FOREIGN_ORIGIN);
  const init = JSON.stringify({ jsonrpc: '2.0', id: 'loupe-probe-origin', method: 'initialize', params: { protocolVersion: ctx.version, capabilities: {}, clientInfo: { name: 'loupe-probe', version: '1' } } });
  const { sessionId, ...finding } = await exchange(ctx, 'origin', headers, init, (status) =>
    status >= 200 && status < 300
      ? { verdict: 'fail', message: `the server accepted an initialize from Origin ${FOREIGN_ORIGIN} (${status}): it must reject foreign origins (403) to stop DNS rebinding` }
      : status >= 400 && status < 500
        ? { verdict: 'pass', message: `the server refused Origin ${FOREIGN_ORIGIN} with ${status}` }
        : { verdict: 'inconclusive', message: `the server answered the foreign-Origin probe with ${status}` });
  if (sessionId) {
    // Ends the session the probe opened, so that it does not linger on the server.
    const del = { ...ctx.headers, 'Mcp-Session-Id': sessionId };
    try {
      const ex = await ctx.wire.open({ method: 'DELETE', url: ctx.url, headers: del, role: 'probe', probe: 'origin', timeoutMs: ctx.timeoutMs });
      const text = await readText(ex, ctx.timeoutMs);
      ex.end({ raw: text.text, bytes: text.bytes });
    } catch {
      // Recorded by the wire; cleanup is best effort.
    }
  }
  return finding;
}

async function probeUnknownSession(ctx: ProbeContext): Promise<ProbeFinding> {
  const made = `loupe-probe-${randomBytes(8).toString('hex')}`;
  const headers = postHeaders(ctx);
  setHeader(headers, 'Mcp-Session-Id', made);
  setHeader(headers, 'MCP-Protocol-Version', ctx.version);
  const ping = JSON.stringify({ jsonrpc: '2.0', id: 'loupe-probe-session', method: 'ping' });
  const { sessionId: _ignored, ...finding } = await exchange(ctx, 'unknown-session', headers, ping, (status) =>
    status === 404
      ? { verdict: 'pass', message: `the server answered the made-up session id ${made} with 404` }
      : { verdict: 'fail', message: `the server answered the made-up session id ${made} with ${status}, not 404: clients cannot tell that they must initialize again` });
  return finding;
}
