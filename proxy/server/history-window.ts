/**
 * A window onto a stored session for the page's History (lib/wire/stored-window.ts): a few hundred
 * frames at a time, read by storedWindow from the segments near the anchor, and a text search over
 * every frame by searchStored. The frames go as a live page's do: the OAuth credentials the
 * session's client held masked; in a redacted view, redacted as an export of the stored session
 * (exportStored's redaction, with the session's own secrets).
 */
import type { Frame } from '../../lib/mcp/frame';
import { maskCredentials } from '../../lib/trace/masked-frames';
import { redactFrames } from '../../lib/trace/redact';
import type { PageMessage, ProxyMessage } from '../../lib/wire/protocol';
import { storedRedaction } from '../store/export';
import type { StoredSession } from '../store/reader';
import { searchStored } from '../store/search';
import type { SessionStore } from '../store/store';
import { storedWindow } from '../store/window';

type WindowMessage = Extract<PageMessage, { type: 'history/window' }>;
type SearchMessage = Extract<PageMessage, { type: 'history/search' }>;

function framesForPage(session: StoredSession, frames: Frame[], redacted: boolean): Frame[] {
  if (redacted) return redactFrames(frames, storedRedaction(session, {})).frames;
  const credentials = session
    .secrets()
    .filter((s) => s.rule === 'oauth:credential')
    .map((s) => s.value);
  return maskCredentials(frames, credentials);
}

export function answerWindow(store: SessionStore, msg: WindowMessage, redacted: boolean): ProxyMessage {
  const session = store.open(msg.id);
  const w = storedWindow(session, { fromSeq: msg.fromSeq, beforeSeq: msg.beforeSeq, limit: msg.limit, filter: msg.filter });
  return {
    type: 'history/window',
    rid: msg.rid ?? '',
    id: msg.id,
    frames: framesForPage(session, w.frames, redacted),
    frameCount: session.frameCount,
    firstSeq: session.segments[0]?.firstSeq ?? 0,
    lastSeq: session.lastSeq,
    bytes: session.bytes,
    hasBefore: w.hasBefore,
    hasAfter: w.hasAfter,
    scannedBytes: w.scannedBytes,
  };
}

export function answerSearch(store: SessionStore, msg: SearchMessage): ProxyMessage {
  const found = searchStored(store.open(msg.id), { text: msg.text, fromSeq: msg.fromSeq, limit: msg.limit });
  return {
    type: 'history/search-result',
    rid: msg.rid ?? '',
    id: msg.id,
    seqs: found.frames.map((f) => f.seq),
    ...(found.next === undefined ? {} : { next: found.next }),
    scannedBytes: found.scannedBytes,
  };
}
