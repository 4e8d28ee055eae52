/**
 * The session state the analyser derives from frames. Exported for the capability tables and
 * timing views; it is rebuilt from frames alone, so live and offline states are identical.
 */
import { CallIndex, type Call } from '../mcp/calls';
import { HttpExchanges } from '../mcp/http-exchanges';
import type { Obj } from './util';
import { EraTracker, type Era } from '../mcp/era';
import { RoundIndex } from '../mcp/rounds';
import { ListenIndex } from '../mcp/listens';
import { TaskSpans } from '../mcp/task-spans';
import { keptParams } from './kept-params';

export type Phase =
  /** Nothing from the client yet. */
  | 'new'
  /** `initialize` sent, no answer yet. */
  | 'initializing'
  /** `initialize` answered; the client has not sent `notifications/initialized`. */
  | 'awaiting-initialized'
  | 'operational'
  /** `initialize` was answered with an error. */
  | 'failed'
  /** The server process exited or the connection closed. */
  | 'ended';

/** A request and what became of it: the analyser reads the one pairing every view reads. */
export type RequestRecord = Call;

export interface ProgressRecord {
  requestSeq: number;
  /** The requester's direction; progress travels the other way. */
  dir: 'c2s' | 's2c';
  last?: number;
}

export interface ToolInfo {
  name: string;
  inputSchema?: unknown;
  outputSchema?: unknown;
  /** MCP Apps: who may call it (`_meta.ui.visibility`, "model" and/or "app"), when a valid list. */
  visibility?: string[];
  /** The `tools/list` response that listed it. */
  seq: number;
}

export interface AnalysisState {
  phase: Phase;
  /** The era of the message being judged (set before the rules run): legacy rules skip modern
   *  messages and the modern.* rules skip legacy ones. */
  era: Era;
  /** The era of every message and of the server, and where the conversation changed era. */
  eras: EraTracker;
  /** Multi-round-trip requests: the rounds of each logical call. */
  rounds: RoundIndex;
  /** `subscriptions/listen` streams and their notifications. */
  listens: ListenIndex;
  /** Tasks of the 2026-07-28 tasks extension, with the requests that polled them. */
  taskSpans: TaskSpans;
  requestedVersion?: string;
  negotiatedVersion?: string;
  clientInfo?: Obj;
  serverInfo?: Obj;
  instructions?: string;
  clientCapabilities?: Obj;
  serverCapabilities?: Obj;
  initializeSeq?: number;
  initializedSeq?: number;
  /** The seq of the first frame analysed. Above 1, the frames are part of a session that began
   *  earlier (a selection or time-range export), so its handshake was never seen. */
  firstSeq?: number;
  /** Every request and its response, cancellation and progress (lib/mcp/calls.ts has the policy
   *  for reused ids). */
  calls: CallIndex;
  /** The session's HTTP exchanges: the SessionModel's own builder, or the analyser's when it runs
   *  alone. Rules read requests, responses and bodies here rather than rebuilding them. */
  exchanges: HttpExchanges;
  /** Resource URIs the client subscribed to and did not unsubscribe from (as asked: what the
   *  update rules judge against). */
  subscriptions: Set<string>;
  /** The same, as the server accepted them (a subscribe it answered with a result, until an
   *  unsubscribe it answered likewise): what the client panel shows as subscribed. */
  acceptedSubscriptions: Set<string>;
  /** Progress tokens of requests not answered yet, by `dir|token`. */
  progressTokens: Map<string, ProgressRecord>;
  /** Every `nextCursor` the server returned, by method. */
  cursors: Map<string, Set<string>>;
  /** The tools of the latest `tools/list` pages, by name. */
  tools: Map<string, ToolInfo>;
  /** How often each method was sent, per direction. */
  methods: { c2s: Map<string, number>; s2c: Map<string, number> };
  /** Last known status of each task, by `owner dir|taskId`. */
  tasks: Map<string, { status: string; seq: number }>;
  /** Rules that speak once per session and already did (`lifecycle.missing-initialized`, ...). */
  once: Set<string>;
  /** The last frame's timestamp (µs): the end of trace for timing rules. */
  lastTs: number;
  /** Rule failures caught by the engine (a bug in Loupe, never in the traffic). */
  internalErrors: number;
}

/** `slimCalls`: calls hold the facts of their params read later, not the params (AnalyzerOptions). */
export function createState(exchanges = new HttpExchanges(), requestsOnly = false, slimCalls = false): AnalysisState {
  return {
    phase: 'new',
    era: 'legacy',
    eras: new EraTracker(requestsOnly),
    rounds: new RoundIndex(),
    listens: new ListenIndex(),
    taskSpans: new TaskSpans(),
    // Every field is present from the start, so the state keeps one object shape as the session
    // moves on and the rules' reads of it stay monomorphic.
    requestedVersion: undefined,
    negotiatedVersion: undefined,
    clientInfo: undefined,
    serverInfo: undefined,
    instructions: undefined,
    clientCapabilities: undefined,
    serverCapabilities: undefined,
    initializeSeq: undefined,
    initializedSeq: undefined,
    firstSeq: undefined,
    calls: new CallIndex(slimCalls ? keptParams : undefined),
    exchanges,
    subscriptions: new Set(),
    acceptedSubscriptions: new Set(),
    progressTokens: new Map(),
    cursors: new Map(),
    tools: new Map(),
    methods: { c2s: new Map(), s2c: new Map() },
    tasks: new Map(),
    once: new Set(),
    lastTs: 0,
    internalErrors: 0,
  };
}
