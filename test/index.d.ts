// Types of `mcp-loupe/test` (test/index.mjs). The implementation is proxy/testkit.
import type {
  Expect,
  FrameLocator,
  Locator,
  ExpectMatcherState,
  MatcherReturnType,
  Page,
  PlaywrightTestArgs,
  PlaywrightTestOptions,
  PlaywrightWorkerArgs,
  PlaywrightWorkerOptions,
  TestType,
} from '@playwright/test';

export type Severity = 'error' | 'warning' | 'info';

/** A server Loupe starts (an argument vector, never a shell string; `cwd` defaults to the test runner's) or reaches by URL. */
export type McpServerOption =
  | { command: string; args?: string[]; env?: Record<string, string>; cwd?: string }
  | { url: string; headers?: Record<string, string>; mode?: 'streamable' | 'sse' | 'auto' };

/** A result object, or `{ error: { code, message } }` for a JSON-RPC error. */
export type ServerRequestAnswer = Record<string, unknown> | { error: { code: number; message: string; data?: unknown } };
export type ServerRequestPolicy = ServerRequestAnswer | ((params: unknown) => ServerRequestAnswer | Promise<ServerRequestAnswer>);

export interface TestFinding {
  rule: string;
  severity: Severity;
  /** The frame it sits on (sequence number in the trace). */
  frame: number;
  message: string;
}

/** One frame exactly as it crossed the wire (docs/trace-format.md). */
export interface Frame {
  seq: number;
  ts: number;
  dir: 'c2s' | 's2c' | 'local';
  lane: 'message' | 'stderr' | 'http' | 'lifecycle';
  raw: string;
  size: number;
  truncated?: boolean;
  invalidUtf8?: boolean;
  rawBase64?: string;
  meta?: Record<string, unknown>;
  /** `app:<n>` for an MCP App's bridge; absent on the session's own frames. */
  channel?: string;
}

export interface TargetLatency {
  sent: number;
  samples: Array<{ requestSeq: number; latencyMs: number }>;
  p95Ms: number;
}

export interface CallToolResult {
  content?: unknown[];
  isError?: boolean;
  structuredContent?: unknown;
  [key: string]: unknown;
}

/** Who sent a bridge message: the app (the View) or the host (Loupe's page). */
export type AppDirection = 'app-to-host' | 'host-to-app';

/** One message of an app's bridge, as the session's trace recorded it on the app's channel. */
export interface AppMessage {
  /** The frame's sequence number in the session's trace. */
  seq: number;
  direction: AppDirection;
  /** The method of a request or notification; undefined for an answer. */
  method?: string;
  id?: string | number | null;
  params?: unknown;
  result?: unknown;
  error?: { code: number; message: string; data?: unknown };
  /** The message exactly as it crossed the bridge. */
  raw: string;
}

/** An MCP App the page rendered for a tool call (`loupe.openApp`). */
export interface AppHandle {
  /** The app's own document, inside the sandbox's proxy frame: click and read in it as in a page. */
  readonly frame: FrameLocator;
  /** The app's card in the client panel's Apps pane (its status, host context, CSP). */
  readonly card: Locator;
  readonly tool: string;
  /** The app's channel in the session's trace, `app:<n>`. */
  readonly channel: string;
  /** The app's bridge messages recorded so far, in order. */
  messages(): Promise<AppMessage[]>;
  /** The first `method` message on the app's bridge, already recorded or still to come (timeout in ms, default 10 000). */
  waitForMessage(method: string, options?: { direction?: AppDirection; timeout?: number }): Promise<AppMessage>;
  /** Closes the app with its Close button; the host tears the bridge down. */
  close(): Promise<void>;
}

export interface Loupe {
  /** The page the dashboard is open in (the session's Sequence pane after connect). */
  readonly page: Page;
  readonly sessionId: string;
  readonly url: string | undefined;
  /** Starts this test's Loupe on a free port, opens a session on `mcpServer`, shows it in `page`. */
  connect(options?: {
    protocolVersion?: string;
    era?: 'legacy' | 'modern' | 'auto';
    clientCapabilities?: Record<string, unknown>;
    timeoutMs?: number;
  }): Promise<void>;
  /** Any request through Loupe's client; a JSON-RPC error or a timeout throws McpRequestError. */
  request(method: string, params?: Record<string, unknown>, options?: { timeoutMs?: number }): Promise<unknown>;
  callTool(name: string, args?: Record<string, unknown>, options?: { timeoutMs?: number }): Promise<CallToolResult>;
  /** Every tool, all pages. */
  listTools(): Promise<Array<{ name: string; [key: string]: unknown }>>;
  /** Calls `tool` from the page's Tools tab as a person would and resolves once the app its result
   *  renders is running (timeout in ms, default 30 000). */
  openApp(tool: string, args?: Record<string, unknown>, options?: { timeoutMs?: number }): Promise<AppHandle>;
  readResource(uri: string): Promise<{ contents: unknown[]; [key: string]: unknown }>;
  getPrompt(name: string, args?: Record<string, string>): Promise<{ messages: unknown[]; [key: string]: unknown }>;
  /** Sets the answer to a server request (`sampling/createMessage`, `elicitation/create`, `roots/list`:
   *  Loupe answers roots itself, so roots take a fixed `{ roots: [...] }`). */
  onServerRequest(method: string, policy: ServerRequestPolicy): Promise<void>;
  /** Resolves with the params of the first `method` request the server sent, once answered
   *  (for servers that ask on their own schedule, such as roots after the handshake). */
  serverRequest(method: string, options?: { timeoutMs?: number }): Promise<unknown>;
  /** The frames so far, exactly as recorded. */
  trace(): Promise<Frame[]>;
  /** The session as a Loupe trace file (NDJSON), secrets redacted unless `redact` is false. */
  exportText(redact?: boolean): Promise<string>;
  /** The analyser's findings at or above `severity` (default: all). */
  findings(filter?: { severity?: Severity }): Promise<TestFinding[]>;
  /** Latency of `METHOD` or `METHOD:NAME` requests, measured at the proxy. */
  latency(target: string): Promise<TargetLatency>;
  /** Reopens `page` in the redacted view: the session as an export holds it, with a "Redacted view"
   *  badge. A failed test's picture and page snapshot are taken of this view. */
  showRedacted(): Promise<void>;
}

export interface LoupeTestOptions {
  mcpServer: McpServerOption | undefined;
  /** Answers to the server's requests, by method. Without one: roots/list gets no roots,
   *  elicitation is declined, sampling gets an error that says how to set an answer. */
  serverRequests: Record<string, ServerRequestPolicy>;
}

export declare const test: TestType<
  PlaywrightTestArgs & PlaywrightTestOptions & LoupeTestOptions & { loupe: Loupe },
  PlaywrightWorkerArgs & PlaywrightWorkerOptions
>;

export interface LoupeMatchers {
  /** No analyser finding at or above `severity` (default: any). */
  toHaveNoFindings(this: ExpectMatcherState, receiver: Loupe, filter?: { severity?: Severity }): Promise<MatcherReturnType>;
  /** The p95 latency of `METHOD` or `METHOD:NAME`, measured at the proxy, is at most `ms`. */
  toAnswerWithin(this: ExpectMatcherState, receiver: Loupe, target: string, ms: number): Promise<MatcherReturnType>;
}

export declare const expect: Expect<LoupeMatchers>;

export declare class McpRequestError extends Error {
  readonly method: string;
  readonly code?: number;
  readonly data?: unknown;
}
