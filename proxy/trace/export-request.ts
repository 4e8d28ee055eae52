/**
 * Answers a page's `session/export`: the preview (what will be redacted, with masked excerpts)
 * or the trace file's text, redacted here with the connection's real env and header values.
 */
import { MAX_LISTED_HITS, type SessionExportRequest, type SessionExported } from '../../lib/wire/trace-export';
import { writeTrace } from '../../lib/trace';
import { LOUPE_VERSION } from '../../lib/version';
import type { LiveSession } from '../sessions/types';
import { exportSession } from './session-export';

export function answerExport(
  session: Pick<LiveSession, 'connection' | 'frames' | 'wholeFrames' | 'summary' | 'maskedSecrets'>,
  msg: SessionExportRequest,
): SessionExported {
  if (msg.rid === undefined) throw new Error('session/export needs a "rid" to carry its answer');
  const prepared = exportSession(session, { loupeVersion: LOUPE_VERSION, selection: msg.selection, redact: msg.redact });
  const reply: SessionExported = {
    type: 'session/exported',
    rid: msg.rid,
    frameCount: prepared.frames.length,
    hits: prepared.hits.slice(0, MAX_LISTED_HITS),
    hitCount: prepared.hits.length,
  };
  if (!msg.preview) reply.text = writeTrace({ header: prepared.header, frames: prepared.frames });
  return reply;
}
