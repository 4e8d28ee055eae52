/**
 * The test kit's line to its Loupe: the same WebSocket and protocol (lib/wire/protocol.ts) as the
 * page, with the launch's token and the page's own Origin, so the kit drives the proxy's existing
 * actions and never opens a second MCP client. Replies are matched by `rid`.
 */
import WebSocket from 'ws';
import { ProxyMessageSchema, type PageMessage, type ProxyMessage } from '../../lib/wire/protocol';

type Reply = Extract<ProxyMessage, { rid: string }> | Extract<ProxyMessage, { type: 'error' }>;

export class ProxySocket {
  private readonly waiting = new Map<string, (m: Reply) => void>();
  private readonly listeners = new Set<(m: ProxyMessage) => void>();
  private counter = 0;
  private closedError: Error | undefined;

  private constructor(private readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const parsed = ProxyMessageSchema.safeParse(JSON.parse(String(data)));
      if (!parsed.success) return;
      const m = parsed.data;
      const rid = 'rid' in m ? m.rid : undefined;
      if (rid !== undefined && this.waiting.has(rid)) {
        const done = this.waiting.get(rid)!;
        this.waiting.delete(rid);
        done(m as Reply);
      }
      for (const l of this.listeners) l(m);
    });
    ws.on('close', () => {
      this.closedError = new Error('mcp-loupe/test: the connection to Loupe closed');
      for (const done of this.waiting.values()) done({ type: 'error', message: this.closedError.message });
      this.waiting.clear();
    });
  }

  static open(pageUrl: string): Promise<ProxySocket> {
    const url = new URL(pageUrl);
    const token = url.searchParams.get('token') ?? '';
    const ws = new WebSocket(`ws://${url.host}/ws?token=${encodeURIComponent(token)}`, { origin: url.origin });
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(new ProxySocket(ws)));
      ws.once('error', (e) => reject(new Error(`mcp-loupe/test: cannot open Loupe's socket: ${e.message}`)));
    });
  }

  on(listener: (m: ProxyMessage) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  send(message: PageMessage): void {
    if (this.closedError) throw this.closedError;
    this.ws.send(JSON.stringify(message));
  }

  /** Sends with a fresh rid and resolves with the reply that carries it. */
  call(message: PageMessage): Promise<Reply> {
    const rid = `t${++this.counter}`;
    return new Promise((resolve, reject) => {
      if (this.closedError) return reject(this.closedError);
      this.waiting.set(rid, resolve);
      this.send({ ...message, rid } as PageMessage);
    });
  }

  close(): void {
    this.ws.close();
  }
}
