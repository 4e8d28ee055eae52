/**
 * Exports a live session on the proxy side. The proxy is the only place that knows the real env
 * values of a connection (the page sees them masked), so redaction of env values must run here;
 * the page or the CLI then receives frames that no longer hold them.
 */
import type { LiveSession } from '../sessions/types';
import { describeTarget, redactOptionsFor, type RedactOptions } from '../../lib/trace';
import { prepareExport, type FrameSelection, type PreparedExport } from '../../lib/render';
import { handshakeVersionOf } from '../../lib/model/session-model';

export interface SessionExportOptions {
  loupeVersion: string;
  selection?: FrameSelection;
  /** `false` is the explicit opt-out. Custom rules and disabled rules come from the person. */
  redact: Omit<RedactOptions, 'env' | 'secrets'> | false;
  source?: 'live' | 'tap';
}

/** What every redacted output of a live session uses: the person's own rules (none unless given),
 *  the connection's env, header, URL and argument secrets, as every other output redacts them,
 *  and the credentials of the session's OAuth client. The page's redacted view uses it too. */
export function sessionRedactOptions(
  session: Pick<LiveSession, 'connection' | 'maskedSecrets'>,
  own: Omit<RedactOptions, 'env' | 'secrets'> = {},
): RedactOptions {
  return redactOptionsFor({ ...session.connection, oauth: session.maskedSecrets?.() }, own);
}

export function exportSession(
  session: Pick<LiveSession, 'connection' | 'frames' | 'wholeFrames' | 'summary' | 'maskedSecrets'>,
  opts: SessionExportOptions,
): PreparedExport {
  const summary = session.summary();
  const connection = session.connection;
  // Stored sessions keep the text the memory budget dropped: the file has it back.
  const frames = session.wholeFrames?.() ?? session.frames();
  const prepared = prepareExport({
    frames,
    target: describeTarget(connection),
    loupeVersion: opts.loupeVersion,
    // From the frames, as the page reads it: a tap has no client of Loupe's to put it in the summary.
    negotiatedVersion: handshakeVersionOf(frames),
    requestTimeoutMs: summary.requestTimeoutMs,
    source: opts.source ?? 'live',
    selection: opts.selection,
    redact: opts.redact === false ? false : sessionRedactOptions(session, opts.redact),
  });
  prepared.header.startedAt = new Date(summary.startedAt).toISOString();
  return prepared;
}
