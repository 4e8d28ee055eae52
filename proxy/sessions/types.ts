/**
 * What the ws server needs from a session, and what a session needs from nothing else.
 * Session objects live in the proxy and outlive the pages attached to them.
 */
import type { SegmentSummary } from '../store/layout';
import type { Frame } from '../../lib/mcp/frame';
import type { OpenOptions, PendingServerRequest, SessionSummary } from '../../lib/wire/protocol';
import type { Connection } from '../../lib/wire/connection';
import type { ListName } from '../../lib/client/paged-list';
import type { CallError, CallState, ClientState, ClientStatePatch, Root } from '../../lib/wire/client-state';
import type { AppChannels } from './app-channels';

export interface RequestOptions {
  timeoutMs?: number;
  /** Progress restarts the timeout unless this is false. */
  resetTimeoutOnProgress?: boolean;
  /** Overrides the correlator's maximum total time for this request. */
  maxTotalMs?: number;
  onProgress?: (p: { progress: number; total?: number; message?: string }) => void;
  signal?: AbortSignal;
  /** Called with the JSON-RPC id the request goes out with (each MRTR round has its own). */
  onSent?: (id: number) => void;
  /** Called with the outcome as the request settles, before its promise does: in the turn the
   *  response is read, not one turn of ticks and microtasks later (see ClientDriver.ask). */
  onSettled?: (error: Error | undefined, result?: unknown) => void;
}

/** What an ask ends with: the result, or the error as the page is sent it. */
export type AskAnswer = { result: unknown } | { error: CallError };

export interface SessionEvents {
  /** New frames, in order, as they are recorded. */
  frames: (frames: Frame[]) => void;
  /** The summary changed (status, negotiated version, ...). */
  summary: (s: SessionSummary) => void;
  /** The set of server requests waiting for the person changed. */
  pending: (p: PendingServerRequest[]) => void;
  /** The memory budget was passed (once): pages' analysers judge no more of its frames. */
  pastBudget: () => void;
}

/** A call's timing policy, as the page chose it. */
export interface CallPolicy {
  timeoutMs?: number;
  resetTimeoutOnProgress?: boolean;
  maxTotalMs?: number;
}

/** Loupe's own client in a session, as pages drive it: every action changes the one client
 *  state, which every attached page is sent. */
export interface ClientApi {
  state(): ClientState;
  onState(fn: (patch: ClientStatePatch) => void): () => void;
  list(name: ListName, more?: boolean): Promise<void>;
  call(method: string, params: Record<string, unknown> | undefined, policy?: CallPolicy): { id: string; done: Promise<CallState> };
  /** A request answered to the asker alone: not listed among the calls (see ClientDriver.ask).
   *  `answered` is called once, with the result or the error, in the turn the response is read. */
  ask(method: string, params: Record<string, unknown> | undefined, policy: CallPolicy | undefined, answered: (answer: AskAnswer) => void): void;
  cancel(callId: string): void;
  task(taskId: string, action: 'get' | 'result' | 'cancel'): Promise<void>;
  setRoots(roots: Root[]): Promise<void>;
  setSamplingAuto(on: boolean, text?: string): void;
  finishTask(taskId: string, answer: { result?: Record<string, unknown>; error?: { code: number; message: string; data?: unknown } }): void;
  /** The person's answers to a multi-round-trip call waiting for input; the call retries. */
  answerInput(callId: string, inputResponses: Record<string, unknown>): void;
  /** Modern sessions: the logLevel every request carries from now on (undefined: none). */
  setLogLevel(level: string | undefined): void;
  /** Opens a subscriptions/listen stream; answers its name. */
  listen(notifications: Record<string, unknown>): string;
  stopListen(listenId: string): void;
  /** A task of the tasks extension: tasks/get, tasks/cancel, tasks/update with the answers. */
  modernTask(taskId: string, action: 'get' | 'cancel' | 'update', inputResponses?: Record<string, unknown>): Promise<void>;
}

export interface LiveSession {
  readonly id: string;
  readonly connection: Connection;
  readonly options: OpenOptions;
  /** The id of its copy on disk (`loupe sessions`), when the proxy stores its sessions. */
  readonly storedId?: string;
  /** Writes what the copy on disk still holds in memory, so a read of it sees every frame so far;
   *  returns the summary of the segment being written, which the reader then need not scan. */
  flushStored?(): SegmentSummary | undefined;
  /** Names the copy on disk of a session another process stores (a tap's), once it is found. */
  linkStored?(id: string): void;
  /** Whether its memory budget was passed (`pastBudget` says when). */
  readonly pastBudget?: boolean;
  summary(): SessionSummary;
  /** Every frame recorded so far (the array is append-only; callers must not mutate it). None
   *  for a session that keeps its frames on disk only (`framesOnDiskOnly`): read its store. */
  frames(): readonly Frame[];
  /** The same frames, each with its text: read back from disk when the memory budget dropped
   *  the text of some (same seqs); else `frames()`. Exports use it. */
  wholeFrames?(): readonly Frame[];
  /** Values the page must be sent masked (an OAuth client's tokens and secrets); none if absent. */
  maskedSecrets?(): string[];
  pending(): PendingServerRequest[];
  request(method: string, params: Record<string, unknown> | undefined, opts?: RequestOptions): Promise<unknown>;
  notify(method: string, params?: Record<string, unknown>): Promise<void>;
  sendRaw(text: string): Promise<void>;
  answer(key: string, answer: { result?: Record<string, unknown>; error?: { code: number; message: string; data?: unknown } }): void;
  close(): Promise<void>;
  /** HTTP only: runs the active probes; their frames land in this session's trace. */
  probe?(): Promise<unknown>;
  /** HTTP only: drops the expired session id and runs the handshake again on the same trace. */
  reinitialize?(): Promise<void>;
  on<E extends keyof SessionEvents>(event: E, fn: SessionEvents[E]): () => void;
  /** Loupe's own client; absent when the session only records (a tap, a file). */
  readonly client?: ClientApi;
  /** The MCP Apps rendered with Loupe's client (app-channels.ts); absent without a client. */
  readonly apps?: AppChannels;
}

/** The proxy's registry of sessions, used by the ws server and the CLI. */
export interface SessionRegistry {
  /** Creates the session and starts it (transport, then handshake) in the background. */
  open(connection: Connection, options: OpenOptions): LiveSession;
  get(id: string): LiveSession | undefined;
  list(): LiveSession[];
  /** A page started or stopped watching: a session nobody watches is closed after a grace time. */
  attach(id: string): void;
  detach(id: string): void;
  /** Drops a closed session and its frames. */
  forget(id: string): void;
  /** Closes every session and ends every child process; used on shutdown. */
  closeAll(): Promise<void>;
  onChange(fn: (sessions: LiveSession[]) => void): () => void;
}
