/**
 * The analyser's public types and the contract every rule module follows. A rule module is one
 * file under rules/ that declares the catalog entries it emits (README.md) and reacts to
 * frames, messages and the end of a trace; rules/index.ts lists them. Adding a group (the http.*
 * rules) is one more file and one more line in that list.
 */
import type { Frame, Framing } from '../mcp/frame';
import type { StrictJson } from '../mcp/strict-json';
import type { AnalysisState, RequestRecord } from './state';
import type { Message } from './message';
import type { TextUnit } from './lines';
import type { HttpExchanges } from '../mcp/http-exchanges';

export type Severity = 'error' | 'warning' | 'info';

/**
 * Where in a connection a rule's fault sits, from the bottom up: the process starting (or the URL
 * answering), the transport's bytes and HTTP exchanges, cutting them into messages, the JSON-RPC
 * envelope and its pairing, the MCP handshake, what each side declared and the shapes of its
 * messages, and what tools and other features return. The connection doctor (lib/doctor) reads it:
 * the lowest layer with a fault is the one to fix first.
 */
export const LAYERS = ['startup', 'transport', 'framing', 'jsonrpc', 'lifecycle', 'capabilities', 'tool'] as const;
export type Layer = (typeof LAYERS)[number];

export interface Annotation {
  rule: string;
  severity: Severity;
  group: string;
  /** Sequence numbers; the first is the frame the annotation sits on. */
  frames: number[];
  /** One line naming the concrete values involved. */
  message: string;
  /** The spec section for the negotiated version. */
  spec: string;
}

export interface AnalyzerOptions {
  /** A response slower than this is marked `timing.slow` (default 1000 ms). */
  slowMs?: number;
  /** A request unanswered this long is marked `timing.no-response`: the session's request timeout
   *  (its summary's or trace header's `requestTimeoutMs`), default 60 000 ms (lib/mcp/calls.ts). */
  timeoutMs?: number;
  /** How the traffic was cut into messages: the trace target's or the session's `framing`.
   *  Absent, each frame's transport answers (TRANSPORT_FRAMING); no meta at all means lines. */
  framing?: Framing;
  /** The owner's HTTP exchange builder (the SessionModel's), fed by the owner before the analyser
   *  sees each frame, so one builder serves the model and the rules. Absent, the analyser keeps its own. */
  exchanges?: HttpExchanges;
  /** Remember per-message facts only where judging reads them back (a request's era, for its
   *  answer), not for every message a view might ask about: a trace judged in bounded memory. */
  requestsOnly?: boolean;
  /** Hold with each call only the facts of its params that are read after its request was judged
   *  (a tool's name, a resource's URI: lib/analyze/kept-params.ts), not the params: a trace judged
   *  in bounded memory, whose answered calls are then held in runs (lib/mcp/answered-runs.ts).
   *  The findings are the same; `calls` then shows no arguments. */
  slimCalls?: boolean;
}

export type Thresholds = Required<Pick<AnalyzerOptions, 'slowMs' | 'timeoutMs'>>;

export interface RuleSpec {
  severity: Severity;
  /** The layer of the connection the rule judges (README.md's catalog lists it beside the id). */
  layer: Layer;
  /** Spec section relative to the version's spec root, e.g. `basic/lifecycle#initialization`; or,
   *  for an extension specified outside the core specification (MCP Apps), an absolute https link. */
  section: string;
  /** Where older versions worded the requirement more softly (a SHOULD where it is now a MUST):
   *  sessions of a version before `version` get `severity` instead. */
  weakerBefore?: { version: string; severity: Severity };
}

export interface Reporter {
  /** `frames[0]` is the frame the annotation sits on. */
  report(rule: string, frames: number[], message: string): void;
}

export interface BaseContext extends Reporter {
  /** State before the current frame or message is applied. */
  readonly state: AnalysisState;
  /** On an MCP App's channel, the session channel's state (its tool listing, the call the app
   *  shows), as of the same frame; undefined on the session's own channel. */
  readonly session?: AnalysisState;
  readonly options: Thresholds;
  /** The version the current traffic is judged by. */
  readonly version: string;
}

/** Every frame, any lane, before its messages are read. */
export interface FrameContext extends BaseContext {
  readonly frame: Frame;
  /** The strict reading of a message-lane frame's raw text (undefined on other lanes). */
  readonly parsed?: StrictJson;
  /** True for message-lane frames of a line-framed transport (stdio): only there can a message
   *  span lines or share one, so only there do the stdio.* line rules apply. */
  readonly stdio: boolean;
}

/** The text of one frame, or of several stdio lines reassembled, after the strict parse. */
export interface TextContext extends BaseContext {
  readonly unit: TextUnit;
  readonly stdio: boolean;
}

/** One JSON-RPC message: a whole frame, one element of a batch, or lines reassembled. */
export interface MessageContext extends BaseContext {
  readonly msg: Message;
  /** For a response: the request it answers (the first response already recorded, if any). */
  readonly request?: RequestRecord;
}

export interface RuleModule {
  /** The catalog entries this module may emit, by rule id. */
  readonly rules: Readonly<Record<string, RuleSpec>>;
  onFrame?(ctx: FrameContext): void;
  onText?(ctx: TextContext): void;
  onMessage?(ctx: MessageContext): void;
  /** `endOfTrace` is false for a clock tick: only time-based rules should act then. */
  onFinish?(ctx: BaseContext, nowUs: number, endOfTrace: boolean): void;
}

export function groupOf(rule: string): string {
  const dot = rule.indexOf('.');
  return dot === -1 ? rule : rule.slice(0, dot);
}
