/**
 * The bridge's transport, the package's PostMessageTransport, with every message both ways handed
 * to `record` as it crossed: what the app sent is taken from the window's message event itself,
 * before the transport validates it (the transport drops what is not JSON-RPC, which is exactly
 * what an inspector must show), and what the host sends is taken as it is sent.
 *
 * The sandbox proxy frame adds notifications of its own under `loupe/sandbox/` (what policy it
 * applied, a CSP violation in the app's frame): they go to `onSandbox`, never to the bridge and
 * never into the app's traffic.
 */
import type { JSONRPCMessage, MessageExtraInfo, Transport, TransportSendOptions } from '@modelcontextprotocol/client';
import { PostMessageTransport } from '@modelcontextprotocol/ext-apps/app-bridge';

export const SANDBOX_METHOD_PREFIX = 'loupe/sandbox/';

export interface RecordingTransportOptions {
  /** The proxy frame's window (the outer iframe's contentWindow). */
  frame: Window;
  /** The sandbox origin: a message from that window with any other origin is not the app's. */
  origin: string;
  record: (dir: 'c2s' | 's2c', text: string) => void;
  onSandbox: (method: string, params: Record<string, unknown>) => void;
}

/** JSON text of a structured-clone value; what cannot be written as JSON is said so in words. */
function asText(data: unknown): string {
  try {
    return JSON.stringify(data) ?? String(data);
  } catch (e) {
    return `(a message that is not JSON: ${(e as Error).message})`;
  }
}

function sandboxNotification(data: unknown): { method: string; params: Record<string, unknown> } | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const { method, params } = data as { method?: unknown; params?: unknown };
  if (typeof method !== 'string' || !method.startsWith(SANDBOX_METHOD_PREFIX)) return undefined;
  return { method, params: typeof params === 'object' && params !== null ? (params as Record<string, unknown>) : {} };
}

export class RecordingTransport implements Transport {
  private readonly inner: PostMessageTransport;
  private readonly listener = (e: MessageEvent) => this.seen(e);

  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage, extra?: MessageExtraInfo) => void;

  constructor(private readonly opts: RecordingTransportOptions) {
    this.inner = new PostMessageTransport(opts.frame, opts.frame);
  }

  async start(): Promise<void> {
    // Registered before the transport's own listener, so the app's message is recorded before
    // anything the bridge sends in answer.
    window.addEventListener('message', this.listener);
    this.inner.onmessage = (message, extra) => {
      if (!sandboxNotification(message)) this.onmessage?.(message, extra);
    };
    this.inner.onerror = (error) => this.onerror?.(error);
    this.inner.onclose = () => this.onclose?.();
    await this.inner.start();
  }

  async send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    this.opts.record('s2c', asText(message));
    await this.inner.send(message, options);
  }

  async close(): Promise<void> {
    window.removeEventListener('message', this.listener);
    await this.inner.close();
  }

  private seen(e: MessageEvent): void {
    if (e.source !== this.opts.frame || e.origin !== this.opts.origin) return;
    const local = sandboxNotification(e.data);
    if (local) this.opts.onSandbox(local.method, local.params);
    else this.opts.record('c2s', asText(e.data));
  }
}
