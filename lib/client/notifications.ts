/**
 * Server notifications read from a session's frames, so the client panels react to what the
 * server really sent (list_changed, resources/updated, log messages, task status) exactly as the
 * traffic table shows it, live or after a reload.
 */

export interface ServerNotification {
  seq: number;
  method: string;
  params: Record<string, unknown>;
}

/** The parts of a recorded frame, and of its classification, that the client's readers need. */
export interface FrameLike {
  seq: number;
  dir: string;
  lane: string;
}

export interface ClassifiedLike {
  kind: string;
  method?: string;
  json?: unknown;
}

/** The server's notifications among frames[from..], in order. A batch is read element by element. */
export function serverNotifications(frames: readonly FrameLike[], classified: (i: number) => ClassifiedLike | undefined, from = 0): ServerNotification[] {
  const out: ServerNotification[] = [];
  for (let i = from; i < frames.length; i++) {
    const f = frames[i];
    if (f.dir !== 's2c' || f.lane !== 'message') continue;
    const c = classified(i);
    const messages = c?.kind === 'batch' && Array.isArray(c.json) ? c.json : c?.kind === 'notification' ? [c.json] : [];
    for (const m of messages) {
      if (typeof m !== 'object' || m === null || 'id' in m) continue;
      const { method, params } = m as { method?: unknown; params?: unknown };
      if (typeof method !== 'string') continue;
      out.push({ seq: f.seq, method, params: typeof params === 'object' && params !== null ? (params as Record<string, unknown>) : {} });
    }
  }
  return out;
}

export const LOG_LEVELS = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'] as const;

export interface LogLine {
  seq: number;
  level: string;
  logger?: string;
  text: string;
}

export function logLine(n: ServerNotification): LogLine {
  const { level, logger, data } = n.params;
  return {
    seq: n.seq,
    level: typeof level === 'string' ? level : '?',
    logger: typeof logger === 'string' ? logger : undefined,
    text: typeof data === 'string' ? data : JSON.stringify(data),
  };
}
