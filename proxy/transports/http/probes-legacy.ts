/**
 * The active probes against a 2024-11-05 HTTP+SSE server, in that transport's own terms: every
 * probe opens an SSE connection of its own (GET the SSE URL, read its `endpoint` event) and POSTs
 * to the endpoint that connection was given, so nothing it sends reaches the live session, and
 * nothing the server answers arrives on the live stream. Each probe stream's events stay in the
 * http lane (the `end` frame's raw text), never in the message lane, and the stream is closed
 * once the probe is done.
 *
 * - Origin: the spec's security warning asks servers to validate Origin on every connection. A
 *   server may refuse the foreign Origin at the GET or at the POST; accepting both fails.
 * - Unknown session: the made-up session is the endpoint's own query parameter (`?sessionId=`),
 *   never an `Mcp-Session-Id` header. The 2024-11-05 transport names no status for it, so the
 *   answer is recorded, never judged a failure.
 */
import { randomBytes } from 'node:crypto';
import type { EventSourceMessage } from 'eventsource-parser';
import { readSse, readText } from './body';
import {
  finding,
  initializeBody,
  isOk,
  judged,
  judgeOrigin,
  postHeaders,
  probePost,
  FOREIGN_ORIGIN,
  type Answer,
  type Baseline,
  type Judgement,
  type ProbeContext,
  type ProbeFinding,
} from './probe-kit';
import { setHeader } from './sniff';
import { mediaType, type OpenExchange } from './wire';
import type { ProbeName } from '../../../lib/mcp/frame';

/** How long a probe waits for the server's answer on its own stream: evidence, not a verdict. */
const ANSWER_WAIT_MS = 3_000;

export async function probeLegacyServer(ctx: ProbeContext): Promise<ProbeFinding[]> {
  const baseline = await probeBaseline(ctx);
  const origin = await probeOrigin(ctx, baseline.judged);
  const unknown = await probeUnknownSession(ctx, baseline);
  return [origin, unknown];
}

interface ProbeStream {
  ex?: OpenExchange;
  answer?: Answer;
  /** The endpoint this connection was given (absolute), once its `endpoint` event arrived. */
  endpoint?: URL;
  /** Why the connection is unusable for a POST (no answer, not SSE, no endpoint). */
  problem?: string;
  /** Resolves when a message with this id arrives on the stream, or after `ms`. */
  answered(id: string, ms: number): Promise<boolean>;
  /** Ends the connection and records its `end` frame, with the events it carried as raw text. */
  close(judgement?: Judgement | { note: string }): Promise<void>;
}

/** GET the SSE URL as a connection of the probe's own and wait for its endpoint event. */
async function openStream(ctx: ProbeContext, probe: ProbeName, headers: Record<string, string>): Promise<ProbeStream> {
  const none: ProbeStream = { answered: async () => false, close: async () => undefined };
  const h = { ...headers };
  setHeader(h, 'Accept', 'text/event-stream');
  let ex: OpenExchange;
  try {
    ex = await ctx.wire.open({ method: 'GET', url: ctx.url, headers: h, role: 'probe', probe, timeoutMs: ctx.timeoutMs });
  } catch (e) {
    return { ...none, problem: `the ${probe} probe got no answer: ${(e as Error).message}` };
  }
  const answer: Answer = { status: ex.response.status };
  const sse = isOk(answer.status) && mediaType(ex.response) === 'text/event-stream';
  const events = new EventLog(ctx.url);
  // A refusal (an error page) is read whole: its text becomes the end frame's raw.
  const reading: Promise<{ bytes: number; error?: string }> = sse
    ? readSse(ex, 0, { onRetry: () => undefined, onEvent: (ev) => events.add(ev) })
    : readText(ex, ctx.timeoutMs).then((b) => {
        events.text = b.text;
        return b;
      });
  void reading.finally(() => events.ended());
  const endpoint = sse ? await events.endpoint(ctx.timeoutMs) : undefined;
  const problem = !isOk(answer.status)
    ? `the GET was answered ${answer.status}`
    : !sse
      ? `the GET was answered ${mediaType(ex.response) || 'with no content type'}, not text/event-stream`
      : !endpoint
        ? `the stream named no usable endpoint within ${ctx.timeoutMs} ms`
        : undefined;
  return {
    ex,
    answer,
    endpoint,
    problem,
    answered: (id, ms) => events.answered(id, ms),
    close: async (judgement) => {
      ex.controller.abort();
      const r = await reading;
      ex.end({ raw: events.text, bytes: r.bytes, error: r.error, note: 'the probe closed its own connection', judged: judgement && judged(probe, judgement) });
    },
  };
}

/** What a probe's own SSE stream carried: its text for the record, its endpoint, the ids answered. */
class EventLog {
  text = '';
  private readonly ids = new Set<string>();
  private readonly waiters = new Set<() => void>();
  private found?: URL;
  private over = false;

  constructor(private readonly base: string) {}

  add(ev: EventSourceMessage): void {
    this.text += `${ev.event ? `event: ${ev.event}\n` : ''}${ev.id ? `id: ${ev.id}\n` : ''}data: ${ev.data}\n\n`;
    if (ev.event === 'endpoint') this.found ??= endpointOf(ev.data, this.base);
    const id = idOf(ev.data);
    if (id !== undefined) this.ids.add(id);
    this.wake();
  }

  ended(): void {
    this.over = true;
    this.wake();
  }

  /** The endpoint once named; undefined when the stream ends or `ms` pass first. */
  endpoint(ms: number): Promise<URL | undefined> {
    return this.until(() => this.found !== undefined, ms).then(() => this.found);
  }

  /** True once a message with this id arrived; false when the stream ends or `ms` pass first. */
  answered(id: string, ms: number): Promise<boolean> {
    return this.until(() => this.ids.has(id), ms).then(() => this.ids.has(id));
  }

  private until(done: () => boolean, ms: number): Promise<void> {
    return new Promise((resolve) => {
      const check = () => {
        if (!done() && !this.over) return;
        clearTimeout(timer);
        this.waiters.delete(check);
        resolve();
      };
      const timer = setTimeout(() => {
        this.waiters.delete(check);
        resolve();
      }, ms);
      this.waiters.add(check);
      check();
    });
  }

  private wake(): void {
    for (const w of [...this.waiters]) w();
  }
}

function endpointOf(data: string, base: string): URL | undefined {
  try {
    const u = new URL(data, base);
    return u.origin === new URL(base).origin ? u : undefined;
  } catch {
    return undefined;
  }
}

function idOf(data: string): string | undefined {
  try {
    const m = JSON.parse(data) as { id?: unknown };
    return typeof m?.id === 'string' ? m.id : undefined;
  } catch {
    return undefined;
  }
}

interface LegacyBaseline {
  judged: Baseline;
  /** The endpoint the baseline connection was given: the shape of a session URL. */
  endpoint?: URL;
}

/** A connection and an initialize as a well-behaved client makes them, for comparison. */
async function probeBaseline(ctx: ProbeContext): Promise<LegacyBaseline> {
  const stream = await openStream(ctx, 'baseline', ctx.headers);
  const exchange = stream.ex?.id ?? 0;
  if (!stream.answer) return { judged: { ok: false, why: stream.problem ?? 'no answer', exchange } };
  if (!stream.endpoint) {
    await stream.close({ note: `the same connection without a foreign Origin, for comparison: ${stream.problem}` });
    return { judged: { ok: true, answer: stream.answer, exchange } };
  }
  const id = 'loupe-probe-baseline';
  const post = await probePost(
    ctx,
    'baseline',
    { url: stream.endpoint.href, headers: postHeaders(ctx.headers), body: initializeBody(ctx.version, id) },
    (a) => ({
      note: `the same initialize without a foreign Origin, on a connection of its own, for comparison: ${a.status}`,
    }),
  );
  if (post.answer && isOk(post.answer.status)) await stream.answered(id, ANSWER_WAIT_MS);
  await stream.close();
  const judged: Baseline = post.answer
    ? { ok: true, answer: post.answer, exchange: post.exchange }
    : { ok: false, why: 'note' in post.judgement ? post.judgement.note : 'no answer', exchange: post.exchange };
  return { judged, endpoint: stream.endpoint };
}

async function probeOrigin(ctx: ProbeContext, baseline: Baseline): Promise<ProbeFinding> {
  const headers = { ...ctx.headers };
  setHeader(headers, 'Origin', FOREIGN_ORIGIN);
  const stream = await openStream(ctx, 'origin', headers);
  if (!stream.answer) return finding('origin', { judgement: { verdict: 'inconclusive', message: stream.problem ?? 'no answer' }, exchange: 0 });
  // Refused at the connection: judged like a refused initialize.
  if (!stream.endpoint) {
    const judgement: Judgement = isOk(stream.answer.status)
      ? { verdict: 'inconclusive', message: `the server accepted an SSE connection from Origin ${FOREIGN_ORIGIN}, but ${stream.problem}` }
      : judgeOrigin(stream.answer, baseline, 'an SSE connection');
    await stream.close(judgement);
    return finding('origin', { answer: stream.answer, judgement, exchange: stream.ex!.id });
  }
  const id = 'loupe-probe-origin';
  const post = await probePost(ctx, 'origin', { url: stream.endpoint.href, headers: postHeaders(headers), body: initializeBody(ctx.version, id) }, (a) =>
    judgeOrigin(a, baseline, 'an SSE connection and an initialize'),
  );
  if (post.answer && isOk(post.answer.status)) await stream.answered(id, ANSWER_WAIT_MS);
  await stream.close();
  return finding('origin', post);
}

async function probeUnknownSession(ctx: ProbeContext, baseline: LegacyBaseline): Promise<ProbeFinding> {
  const param = baseline.endpoint ? [...baseline.endpoint.searchParams.keys()].find((k) => /session/i.test(k)) : undefined;
  if (!baseline.endpoint || !param) {
    const why = !baseline.endpoint
      ? 'the connection to compare with was given no endpoint'
      : `the endpoint ${baseline.endpoint.pathname}${baseline.endpoint.search} names no session in its query`;
    return {
      probe: 'unknown-session',
      rule: 'http.unknown-session-status',
      verdict: 'inconclusive',
      message: `not sent: ${why}`,
      exchange: baseline.judged.exchange,
    };
  }
  const made = `loupe-probe-${randomBytes(8).toString('hex')}`;
  const url = new URL(baseline.endpoint);
  url.searchParams.set(param, made);
  const ping = JSON.stringify({ jsonrpc: '2.0', id: 'loupe-probe-session', method: 'ping' });
  const where = `?${param}=${made}`;
  // A server that knows no such session can say so at once; one that holds the request open is
  // noted after a short wait rather than the whole request timeout.
  const r = await probePost(
    ctx,
    'unknown-session',
    { url: url.href, headers: postHeaders(ctx.headers), body: ping, timeoutMs: Math.min(ctx.timeoutMs, 5_000) },
    (a) =>
      a.status === 404
        ? { verdict: 'pass', message: `the server answered a message for the made-up session ${where} with 404` }
        : {
            verdict: 'inconclusive',
            message: `the server answered a message for the made-up session ${where} with ${a.status}; the 2024-11-05 HTTP+SSE transport names no status for an unknown session, so this is not judged`,
          },
  );
  if (!r.answer) {
    return finding('unknown-session', {
      judgement: {
        verdict: 'inconclusive',
        message: `the server did not answer a message for the made-up session ${where} (${'verdict' in r.judgement ? r.judgement.message : r.judgement.note}); the 2024-11-05 transport names no status for it, so this is not judged`,
      },
      exchange: r.exchange,
    });
  }
  return finding('unknown-session', r);
}
