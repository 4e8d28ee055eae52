/**
 * The rule engine: frames in, annotations out, one frame at a time. Each frame is parsed once,
 * strictly; rules judge it against the state as it was, then the state moves on. A rule that
 * throws is contained (counted in `state.internalErrors`): the analyser never throws.
 */
import { TRANSPORT_FRAMING, type Frame, type Framing } from '../mcp/frame';
import { parseStrict, type StrictJson } from '../mcp/strict-json';
import { DEFAULT_TIMEOUT_MS } from '../mcp/calls';
import { DEFAULT_PROTOCOL_VERSION, isKnownVersion, specUrl, STATEFUL_VERSIONS } from '../mcp/versions';
import { MODERN_VERSION } from '../mcp/modern';
import { metaVersion } from '../mcp/era';
import { LineAssembler, type TextUnit } from './lines';
import { toMessage, type Message } from './message';
import { BRIDGE_RULE_MODULES, RULE_MODULES } from './rules';
import { createState, type AnalysisState, type RequestRecord } from './state';
import { track } from './track';
import {
  groupOf,
  type AnalyzerOptions,
  type Annotation,
  type FrameContext,
  type Layer,
  type MessageContext,
  type RuleModule,
  type RuleSpec,
  type Severity,
  type TextContext,
  type Thresholds,
} from './types';
import { strAt } from './util';

/** The analyser of one conversation (channel). */
interface ChannelAnalyzer {
  /** `parsed`: the frame's raw text already read by `parseStrict` (the session model reads each
   *  frame once and hands it over); read here when absent. */
  push(frame: Frame, parsed?: StrictJson): Annotation[];
  /** A clock tick (`nowUs` given: only time-based rules act) or the end of the trace (no argument:
   *  pending stdio lines are judged too). */
  finish(nowUs?: number): Annotation[];
  /** The session channel's state (the handshake, capabilities, its calls). */
  state(): AnalysisState;
}

export interface Analyzer extends ChannelAnalyzer {
  /** The state of one channel: the session's (undefined) or an app's (`app:<n>`); undefined for an
   *  app channel no frame has reached yet. */
  channelState(channel: string | undefined): AnalysisState | undefined;
}

interface MutableContext {
  state: AnalysisState;
  session: AnalysisState | undefined;
  options: Thresholds;
  version: string;
  frame?: Frame;
  parsed?: ReturnType<typeof parseStrict>;
  stdio: boolean;
  unit?: TextUnit;
  msg?: Message;
  request?: RequestRecord;
  report(rule: string, frames: number[], message: string): void;
}

/** 2024-11-05 kept the message rules on their own page, `basic/messages`. */
function sectionFor(version: string, section: string): string {
  return version === '2024-11-05' && section.startsWith('basic/index#') && section !== 'basic/index#meta' ? `basic/messages#${section.slice(12)}` : section;
}

const catalogs = new WeakMap<readonly RuleModule[], Map<string, RuleSpec>>();

/** The rule specs of a module list, built once per list: a short trace should not pay for it. */
function cachedCatalog(modules: readonly RuleModule[]): Map<string, RuleSpec> {
  let specs = catalogs.get(modules);
  if (!specs) catalogs.set(modules, (specs = catalogOf(modules)));
  return specs;
}

/** The catalog severity, or the weaker one the spec's wording gave before a version. */
export function severityIn(spec: RuleSpec, version: string): Severity {
  return spec.weakerBefore && version < spec.weakerBefore.version ? spec.weakerBefore.severity : spec.severity;
}

/** The layer of a catalog rule (undefined for an id the catalog does not have). */
export function layerOf(rule: string): Layer | undefined {
  return (cachedCatalog(RULE_MODULES).get(rule) ?? cachedCatalog(BRIDGE_RULE_MODULES).get(rule))?.layer;
}

export function catalogOf(modules: readonly RuleModule[]): Map<string, RuleSpec> {
  const specs = new Map<string, RuleSpec>();
  for (const m of modules) for (const [id, spec] of Object.entries(m.rules)) specs.set(id, spec);
  return specs;
}

/** How a frame's transport cut it: the source's declared framing wins; otherwise the transport
 *  named in the frame's meta; a frame with no meta is a line (stdio is the default transport). */
function framingOf(frame: Frame, declared: Framing | undefined): Framing {
  // An MCP App's bridge hands over whole messages (postMessage), whatever the session's transport.
  if (frame.channel !== undefined) return 'messages';
  const t = frame.meta?.transport;
  return declared ?? (t === 'stdio' || t === 'http' ? TRANSPORT_FRAMING[t] : 'lines');
}

/**
 * The analyser of a session, keyed by channel (lib/mcp/channel.ts): the session's own frames are
 * judged by `modules` against the session's state; each MCP App's frames (`frame.channel`) go to
 * an analyser of their own, with state of their own (so an app's request id 1 pairs with the
 * app's answer, never with the session's id 1, and its `ui/initialize` is not the session's
 * handshake), judged by the JSON-RPC envelope rules and the bridge's app.* and host.* rules; the
 * MCP rules judge a client and a server, not an app's bridge to its host.
 */
export function createAnalyzer(opts: AnalyzerOptions = {}, modules: readonly RuleModule[] = RULE_MODULES): Analyzer {
  const session = createChannelAnalyzer(opts, modules);
  const apps = new Map<string, ChannelAnalyzer>();
  const appOf = (channel: string): ChannelAnalyzer => {
    let a = apps.get(channel);
    // The session's exchanges are passed so the app's analyser keeps no builder of its own.
    // The bridge rules read the session's state (the tool listing, the call an app shows) beside their own.
    if (!a) apps.set(channel, (a = createChannelAnalyzer({ ...opts, exchanges: session.state().exchanges }, BRIDGE_RULE_MODULES, session.state())));
    return a;
  };
  return {
    push: (frame, parsed) => (frame.channel === undefined ? session.push(frame, parsed) : appOf(frame.channel).push(frame, parsed)),
    finish(nowUs) {
      const out = session.finish(nowUs);
      for (const a of apps.values()) for (const x of a.finish(nowUs)) out.push(x);
      return out;
    },
    state: () => session.state(),
    channelState: (channel) => (channel === undefined ? session.state() : apps.get(channel)?.state()),
  };
}

function createChannelAnalyzer(opts: AnalyzerOptions, modules: readonly RuleModule[], sessionState?: AnalysisState): ChannelAnalyzer {
  const options = { slowMs: opts.slowMs ?? 1000, timeoutMs: opts.timeoutMs ?? DEFAULT_TIMEOUT_MS };
  const state = createState(opts.exchanges, opts.requestsOnly, opts.slimCalls);
  // Fed here only when no owner feeds it (analyze(), the CLI's offline runs).
  const ownExchanges = opts.exchanges === undefined;
  const lines = new LineAssembler();
  const specs = cachedCatalog(modules);
  let out: Annotation[] = [];
  /**
   * Set once the session's memory budget let frames go by unseen (text dropped, or frames only
   * counted past the frame limit): an answer may be among them, so from then on nothing is judged
   * by time or at the end, where "not seen" would read as "never sent". The findings up to there
   * stand; the stored session, which holds every frame, is judged whole once it closes.
   */
  let blind = false;

  const ctx: MutableContext = {
    // Every field from the start: one object shape for every hook's reads.
    state,
    session: sessionState,
    options,
    version: DEFAULT_PROTOCOL_VERSION,
    stdio: false,
    frame: undefined,
    parsed: undefined,
    unit: undefined,
    msg: undefined,
    request: undefined,
    report(rule, frames, message) {
      const spec = specs.get(rule);
      if (!spec) {
        state.internalErrors++;
        return;
      }
      out.push({
        rule,
        severity: severityIn(spec, ctx.version),
        group: groupOf(rule),
        frames,
        message,
        // An extension's rules link to the extension's own specification, as written.
        spec: spec.section.startsWith('https://') ? spec.section : specUrl(ctx.version, sectionFor(ctx.version, spec.section)),
      });
    },
  };

  const judgeVersion = (msg?: Message, request?: RequestRecord): string => {
    // The initialize request is judged by the version it asks for, its answer by the one it selects.
    if (msg?.method === 'initialize' && msg.kind === 'request' && state.initializeSeq === undefined) {
      const asked = strAt(msg.params, 'protocolVersion');
      if (isKnownVersion(asked)) return asked;
    }
    if (msg?.kind === 'response' && request?.method === 'initialize' && request.responseSeq === undefined) {
      const selected = strAt(msg.result, 'protocolVersion');
      if (isKnownVersion(selected)) return selected;
    }
    if (isKnownVersion(state.negotiatedVersion)) return state.negotiatedVersion;
    if (isKnownVersion(state.requestedVersion)) return state.requestedVersion;
    return DEFAULT_PROTOCOL_VERSION;
  };

  /** A modern message is judged by the modern version it (or the session) declared. */
  const modernVersion = (msg: Message): string => {
    const own = metaVersion(msg.params);
    if (isKnownVersion(own) && !STATEFUL_VERSIONS.includes(own)) return own;
    return state.eras.modernVersion ?? MODERN_VERSION;
  };

  // Hooks are called in plain loops (no closure per call): this is the hot path.
  const onMessage = modules.filter((m) => m.onMessage);
  const onText = modules.filter((m) => m.onText);
  const onFrame = modules.filter((m) => m.onFrame);
  const onFinish = modules.filter((m) => m.onFinish);

  const handleMessage = (msg: Message) => {
    ctx.msg = msg;
    ctx.request = msg.kind === 'response' || msg.kind === 'error' ? state.calls.match(msg.dir, msg.id)?.call : undefined;
    // Each message is judged by the rules of its own era: a dual-era probe and the legacy session
    // it fell back to are one trace (lib/mcp/era.ts).
    state.era = state.eras.classify(msg, ctx.request?.seq);
    ctx.version = state.era === 'modern' ? modernVersion(msg) : judgeVersion(msg, ctx.request);
    for (const m of onMessage) {
      try {
        m.onMessage?.(ctx as MessageContext);
      } catch {
        state.internalErrors++;
      }
    }
    try {
      track(state, msg, ctx.request);
    } catch {
      state.internalErrors++;
    }
  };

  const handleUnit = (unit: TextUnit, stdio: boolean) => {
    ctx.unit = unit;
    ctx.stdio = stdio;
    ctx.version = judgeVersion();
    for (const m of onText) {
      try {
        m.onText?.(ctx as TextContext);
      } catch {
        state.internalErrors++;
      }
    }
    const first = unit.frames[0];
    if (!unit.parsed.ok || first.truncated || first.dir === 'local') return;
    const seqs = unit.frames.length === 1 ? [first.seq] : unit.frames.map((f) => f.seq);
    const base = { seq: first.seq, frames: seqs, ts: unit.frames[unit.frames.length - 1].ts, dir: first.dir };
    const value = unit.parsed.value;
    if (Array.isArray(value)) value.forEach((el, index) => handleMessage(toMessage(el, { ...base, batch: { index, size: value.length } })));
    else handleMessage(toMessage(value, base));
  };

  const clock = (nowUs: number) => {
    ctx.version = judgeVersion();
    for (const m of onFinish) {
      try {
        m.onFinish?.(ctx, nowUs, false);
      } catch {
        state.internalErrors++;
      }
    }
  };

  return {
    push(frame, parsed) {
      out = [];
      try {
        if (frame.ts > state.lastTs) state.lastTs = frame.ts;
        state.firstSeq ??= frame.seq;
        if (ownExchanges) state.exchanges.push(frame);
        // The wire clock reached this frame: deadlines that passed before it are judged first,
        // so a reply or a cancellation that came too late cannot hide them.
        if (!blind) clock(frame.ts);
        // Past the session's byte budget only metadata was kept: no text to judge, no finding to make.
        if (frame.textDropped || (frame.lane === 'lifecycle' && frame.meta?.event === 'frame-limit')) blind = true;
        if (frame.textDropped) return out;
        const ended = frame.lane === 'lifecycle' && (frame.meta?.event === 'exit' || frame.meta?.event === 'disconnect');
        // Nothing can complete a pending stdio run once the process is gone: judge it now, so a
        // live view does not wait for the end of the trace.
        if (ended) for (const u of lines.flush()) handleUnit(u, true);
        const isMessage = frame.lane === 'message' && frame.dir !== 'local';
        const stdio = isMessage && framingOf(frame, opts.framing) === 'lines';
        ctx.frame = frame;
        ctx.parsed = isMessage ? (parsed ?? parseStrict(typeof frame.raw === 'string' ? frame.raw : String(frame.raw))) : undefined;
        ctx.stdio = stdio;
        ctx.version = judgeVersion();
        for (const m of onFrame) {
          try {
            m.onFrame?.(ctx as FrameContext);
          } catch {
            state.internalErrors++;
          }
        }
        if (ctx.parsed) {
          const units = stdio ? lines.push(frame, ctx.parsed) : [{ frames: [frame], parsed: ctx.parsed, reassembled: false }];
          for (const u of units) handleUnit(u, stdio);
        }
        if (ended) state.phase = 'ended';
      } catch {
        state.internalErrors++;
      }
      return out;
    },
    finish(nowUs) {
      out = [];
      try {
        const endOfTrace = nowUs === undefined;
        if (endOfTrace) for (const u of lines.flush()) handleUnit(u, true);
        ctx.version = judgeVersion();
        if (blind) return out;
        for (const m of onFinish) {
          try {
            m.onFinish?.(ctx, nowUs ?? state.lastTs, endOfTrace);
          } catch {
            state.internalErrors++;
          }
        }
      } catch {
        state.internalErrors++;
      }
      return out;
    },
    state: () => state,
  };
}

export function analyze(frames: readonly Frame[], opts?: AnalyzerOptions): { annotations: Annotation[]; state: AnalysisState } {
  const a = createAnalyzer(opts);
  const annotations: Annotation[] = [];
  for (const f of frames) for (const x of a.push(f)) annotations.push(x);
  for (const x of a.finish()) annotations.push(x);
  return { annotations, state: a.state() };
}
