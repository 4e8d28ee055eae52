/**
 * One session's live spans and duration measurements, from its frames as they are recorded. The
 * frames go through the session model's analyser (lib/model/live-pairs.ts), so requests pair with
 * their responses by the one policy every view and export uses (lib/mcp/calls.ts), and each pair is
 * described by the one mapping (lib/mcp/semconv.ts). A span starts when its request is seen (its
 * start time is the request's wire time) and ends when its response arrives, at the response's wire
 * time; the pair's duration is recorded in the histogram of its direction then. A request still
 * open when the session ends ends with it, as `error.type` `no_response`, and is not measured: it
 * has no duration.
 *
 * Memory does not grow with the session: each frame is let go once judged (its JSON read while
 * the response it carries ends a span), and a call once its span ended.
 */
import {
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  createTraceState,
  trace,
  type Context,
  type Histogram,
  type HrTime,
  type Span,
  type Tracer,
} from '@opentelemetry/api';
import type { Call } from '../../lib/mcp/calls';
import type { Frame } from '../../lib/mcp/frame';
import {
  CLIENT_DURATION,
  SERVER_DURATION,
  durationMetricOf,
  mcpSpan,
  metricAttributes,
  sessionIdIn,
  type McpSpan,
  type SessionFacts,
  type TraceParent,
} from '../../lib/mcp/semconv';
import { LivePairs } from '../../lib/model/live-pairs';
import { redactFrames, type RedactOptions } from '../../lib/trace/redact';

/** What a session's telemetry records into: its tracer and its two duration histograms. */
export interface SessionInstruments {
  tracer: Tracer;
  durations: Record<typeof CLIENT_DURATION | typeof SERVER_DURATION, Histogram>;
  /** Sends what is left and stops this session's providers. */
  close(): Promise<void>;
}

export interface SessionDescription {
  /** The server's name: the resource's `service.name`. */
  name: string;
  /** Wall-clock milliseconds of the session's ts 0. */
  originMs: number;
  transport: SessionFacts['transport'];
  /** The export's redaction for this session (its connection's known secrets): spans leave the
   *  machine, so a token in a resource URI or a tool name goes as an export would show it. The
   *  built-in rules run when none is given. */
  redaction?: RedactOptions;
}

/** A wire timestamp (µs since the origin) as OpenTelemetry's [seconds, nanoseconds]. */
function hrTime(originMs: number, us: number): HrTime {
  const total = Math.round(originMs) * 1000 + Math.round(us);
  return [Math.floor(total / 1e6), (total % 1e6) * 1000];
}

/** The caller's span, as the remote parent of ours. */
function parentContext(parent: TraceParent | undefined): Context {
  if (!parent) return ROOT_CONTEXT;
  return trace.setSpanContext(ROOT_CONTEXT, {
    traceId: parent.traceId,
    spanId: parent.spanId,
    traceFlags: parent.flags,
    isRemote: true,
    ...(parent.traceState ? { traceState: createTraceState(parent.traceState) } : {}),
  });
}

/** A span still open, and the channel of its call (undefined: the session's). */
interface OpenSpan {
  span: Span;
  channel: string | undefined;
  /** Spans started before it: spans that end together end in the order they started. */
  order: number;
}

export class SessionTelemetry {
  private readonly pairs = new LivePairs((frame, json) => this.sync(frame.seq, json));
  private readonly open = new Map<Call, OpenSpan>();
  /** How many of each channel's calls have a span already (undefined: the session's). */
  private readonly started = new Map<string | undefined, number>();
  /** Spans started so far. */
  private spans = 0;
  private sessionId?: string;
  private over?: Promise<void>;

  constructor(
    private readonly out: SessionInstruments,
    private readonly session: SessionDescription,
    private readonly failed: (error: Error) => void,
  ) {}

  /** New frames of the session (a repeat of frames already seen is ignored). */
  push(frames: readonly Frame[]): void {
    if (this.over || frames.length === 0) return;
    // Whatever goes wrong here must not reach the session that recorded the frames.
    this.guard(() => {
      for (let i = 0; i < frames.length && this.sessionId === undefined; i++) this.sessionId = sessionIdIn(frames[i]);
      this.pairs.append(redactFrames(frames, this.session.redaction ?? {}).frames);
    });
  }

  /** The session is over: open requests end as unanswered, and what is left is sent. Idempotent. */
  end(): Promise<void> {
    this.over ??= this.finish();
    return this.over;
  }

  private finish(): Promise<void> {
    this.guard(() => {
      // Stdio lines still pending are judged now: a message reassembled from them may answer a call.
      this.pairs.finish();
      this.sync(undefined, undefined);
      for (const [call, open] of this.open) this.close(call, open, this.pairs.lastTs, undefined);
      this.open.clear();
      this.pairs.release();
    });
    return this.out.close();
  }

  private get facts(): SessionFacts {
    return { sessionId: this.sessionId, protocolVersion: this.pairs.state.negotiatedVersion, transport: this.session.transport };
  }

  /** After a frame was judged (`seq`, and `json` its message; none at the session's end): starts a
   *  span for each new request, on every channel, ends those whose response arrived, and lets go of
   *  the calls whose spans ended. */
  private sync(seq: number | undefined, json: unknown): void {
    // Apps first: a forwarded call's app span must exist before the host's request starts under it.
    for (const channel of [...this.pairs.appChannels, undefined]) {
      const calls = this.pairs.callsOf(channel)?.all ?? [];
      let started = this.started.get(channel) ?? 0;
      for (; started < calls.length; started++) {
        const call = calls[started];
        if (!call.refused) this.open.set(call, { span: this.start(call, channel), channel, order: this.spans++ });
      }
      this.started.set(channel, started);
    }
    // The calls that ended come from the pairs as they let go of them, not from a look at every open
    // span: with tens of thousands open, that look after each frame made a long session quadratic.
    // Once the session ended every call is let go; those still open end in finish().
    const released = this.pairs.release();
    if (released.length === 0) return;
    const ended = released
      .filter((call) => call.refused || call.responseTs !== undefined)
      .flatMap((call) => {
        const open = this.open.get(call);
        return open ? [{ call, open }] : [];
      })
      .sort((a, b) => a.open.order - b.open.order);
    for (const { call, open } of ended) {
      this.open.delete(call);
      // A request the transport refused never reached a session: it gets no span (the file export skips it too).
      if (!call.refused) this.close(call, open, call.responseTs!, call.responseSeq === seq ? json : undefined);
    }
    // What is left of each channel's calls is open and has its span: the next new one comes after them.
    for (const channel of [...this.pairs.appChannels, undefined]) this.started.set(channel, this.pairs.callsOf(channel)?.all.length ?? 0);
  }

  private start(call: Call, channel: string | undefined): Span {
    const s = mcpSpan(call, this.facts, { ended: false }, channel);
    const kind = s.kind === 'client' ? SpanKind.CLIENT : SpanKind.SERVER;
    // The host's request for an app's forwarded call runs inside the app's call, as the file export says.
    const app = s.parent ? undefined : this.forwardedFrom(call, channel);
    const parent = app ? trace.setSpan(ROOT_CONTEXT, app) : parentContext(s.parent);
    return this.out.tracer.startSpan(s.name, { kind, startTime: hrTime(this.session.originMs, call.ts), attributes: s.attributes }, parent);
  }

  /** The open span of the app request a session request forwards, if any. */
  private forwardedFrom(call: Call, channel: string | undefined): Span | undefined {
    const link = channel === undefined ? this.pairs.forwardAt(call.seq) : undefined;
    const appCall = link && this.pairs.callsOf(link.channel)?.callAt(link.appSeq);
    return appCall ? this.open.get(appCall)?.span : undefined;
  }

  /** Ends a call's span; `response` is the JSON of the frame its response sits on (a response
   *  reassembled from several stdio lines sits on its first line, which alone is no JSON). */
  private close(call: Call, { span, channel }: OpenSpan, endTs: number, response: unknown): void {
    const s: McpSpan = mcpSpan(call, this.facts, { ended: true, response }, channel);
    // The session id and the negotiated version may have become known since the span started.
    span.setAttributes(s.attributes);
    if (s.errorType) span.setStatus({ code: SpanStatusCode.ERROR, ...(s.statusMessage ? { message: s.statusMessage } : {}) });
    span.end(hrTime(this.session.originMs, Math.max(call.ts, endTs)));
    // An app's bridge calls are not MCP operations: they count in no MCP histogram.
    if (call.responseTs !== undefined && channel === undefined)
      this.out.durations[durationMetricOf(s)].record((call.responseTs - call.ts) / 1e6, metricAttributes(s));
  }

  /** What the telemetry holds that would grow with the session, for tests: spans still open,
   *  frames waiting on a gap, calls and HTTP exchanges not let go. */
  held(): { openSpans: number; frames: number; calls: number; exchanges: number } {
    return { openSpans: this.open.size, ...this.pairs.held() };
  }

  private guard(work: () => void): void {
    try {
      work();
    } catch (e) {
      this.failed(e as Error);
    }
  }
}
