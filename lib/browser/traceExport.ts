/**
 * Exports a live session through the proxy, which redacts with the connection's real env and
 * header values before anything reaches the page.
 */
import type { ExportRedact, ExportSelection } from '../wire/trace-export';
import { getSocket } from './socket';

export interface ExportAnswer {
  frameCount: number;
  /** The first redactions (at most MAX_LISTED_HITS), for the preview. */
  hits: { seq: number; where: string; rule: string; excerpt: string }[];
  hitCount: number;
  /** The trace file's text; only when not a preview. */
  text?: string;
}

export type RemoteExport = (selection: ExportSelection, redact: ExportRedact, preview: boolean) => Promise<ExportAnswer>;

export function sessionExporter(sessionId: string): RemoteExport {
  return async (selection, redact, preview) => {
    const reply = await getSocket().call({ type: 'session/export', sessionId, selection, redact, preview });
    if (reply.type !== 'session/exported') throw new Error('The proxy did not answer the export.');
    return reply;
  };
}
