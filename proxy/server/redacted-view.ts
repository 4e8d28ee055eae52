/**
 * The redacted view of one page socket (`/ws?…&redacted=1`, lib/browser/redacted-view.ts): every
 * message the proxy sends it passes through the same redaction as an export of the session, so the
 * page, a screenshot of it and a snapshot of its text hold what an exported trace would hold.
 *
 * - Frames: redactFrames with the session's options (FrameStream, given `framesOptions`), the
 *   OAuth masking included, exactly as the export runs it.
 * - Anything else about one session (the client state and its patches, the server requests, the
 *   results of the page's own requests): its JSON text through the same rules (redactJson), with
 *   the session's options.
 * - Everything else (hello, the connection list with its URLs and arguments, the session summaries
 *   with their errors and instructions, taps, errors and acks): the same rules with every secret
 *   this Loupe knows, from every stored connection and every session, since such a message is not
 *   one session's.
 *
 * A redacted socket cannot save a connection: what it holds are masks, and saving them
 * would overwrite the person's real values.
 */
import type { ProxyMessage } from '../../lib/wire/protocol';
import { redactJson, redactOptionsFor, type RedactOptions } from '../../lib/trace';
import { sessionRedactOptions } from '../trace/session-export';
import type { PageHub } from './page-hub';

const FRAMES_TYPES = new Set<ProxyMessage['type']>(['frames/snapshot', 'frames/append']);
const REFUSED = new Set(['connections/save']);

export function wantsRedactedView(requestUrl: string | undefined): boolean {
  return new URL(requestUrl ?? '/', 'http://loupe.invalid').searchParams.get('redacted') === '1';
}

export class RedactedView {
  constructor(private readonly hub: PageHub) {}

  /** The options an export of this session uses; undefined for a session this Loupe no longer has. */
  framesOptions(sessionId: string): RedactOptions | undefined {
    const session = this.hub.registry.get(sessionId);
    return session ? sessionRedactOptions(session) : undefined;
  }

  /** Every secret this Loupe knows: for messages that are not one session's. */
  private allOptions(): RedactOptions {
    const fromConnections = this.hub.store.list().flatMap((c) => redactOptionsFor(c).secrets ?? []);
    const fromSessions = this.hub.registry.list().flatMap((s) => sessionRedactOptions(s).secrets ?? []);
    return { secrets: [...fromConnections, ...fromSessions] };
  }

  /** The message as this view sends it. Frames messages pass as they are: FrameStream has
   *  redacted their frames already (and redacting twice would count its hits twice). */
  message(msg: ProxyMessage): ProxyMessage {
    if (FRAMES_TYPES.has(msg.type)) return msg;
    const sessionId = 'sessionId' in msg && typeof msg.sessionId === 'string' ? msg.sessionId : undefined;
    const opts = (sessionId && this.framesOptions(sessionId)) || this.allOptions();
    const { type, ...rest } = msg;
    const rid = 'rid' in msg ? msg.rid : undefined;
    // The message's kind, reply id and session id address it: they are kept as they are.
    return { ...redactJson(rest, opts), type, ...(rid !== undefined && { rid }), ...(sessionId !== undefined && { sessionId }) } as ProxyMessage;
  }

  /** Why a message may not come from a redacted view, or undefined. */
  refusal(type: string): string | undefined {
    if (!REFUSED.has(type)) return undefined;
    return `${type} is refused in a redacted view: it shows secrets masked, and saving them would overwrite the real values (open the page without ?redacted=1)`;
  }
}
