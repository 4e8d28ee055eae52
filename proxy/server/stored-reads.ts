/**
 * A live session's frames read back from its copy on disk (lib/wire/stored-reads.ts): the text the
 * proxy's memory budget let go, and a search over every frame's text. The writer is flushed first,
 * so a read sees every frame recorded until now. What is read goes to the page as its live frames
 * do (framesForPage: credentials masked; for a redacted view, redacted as an export), and the search
 * looks at the frames as the page is shown them, so it cannot tell which frames hold a masked secret.
 */
import type { Frame } from '../../lib/mcp/frame';
import { credentialMask } from '../../lib/trace/masked-frames';
import type { RedactOptions } from '../../lib/trace/redact';
import type { PageMessage, ProxyMessage } from '../../lib/wire/protocol';
import type { LiveSession } from '../sessions/types';
import { searchStored } from '../store/search';
import type { SessionStore } from '../store/store';
import { framesForPage } from './frame-stream';

type StoredReadMessage = Extract<PageMessage, { type: 'session/stored-frames' | 'session/search' }>;

export function answerStoredRead(session: LiveSession, store: SessionStore | undefined, msg: StoredReadMessage, redaction?: RedactOptions): ProxyMessage {
  if (!store || session.storedId === undefined) {
    throw new Error('this session has no copy on disk (a tap is stored by its own process, and a Loupe without a config dir stores nothing)');
  }
  const live = session.flushStored?.();
  const stored = store.open(session.storedId, live);
  const rid = msg.rid ?? '';
  if (msg.type === 'session/search') {
    const shown = redaction ?? credentialMask(session.maskedSecrets?.() ?? []);
    const found = searchStored(stored, { text: msg.text, lane: msg.lane, channel: msg.channel, fromSeq: msg.fromSeq, limit: msg.limit, redaction: shown });
    return {
      type: 'session/search-result',
      rid,
      sessionId: session.id,
      seqs: found.frames.map((f) => f.seq),
      ...(found.next === undefined ? {} : { next: found.next }),
      scannedBytes: found.scannedBytes,
    };
  }
  const frames: Frame[] = [];
  for (const seq of [...new Set(msg.seqs)].sort((a, b) => a - b)) {
    const f = stored.frameAt(seq);
    if (f) frames.push(f);
  }
  return { type: 'session/stored-frames', rid, sessionId: session.id, frames: framesForPage(session, frames, redaction) };
}
