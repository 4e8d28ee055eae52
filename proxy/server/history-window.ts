/**
 * A window onto a stored session for the page's History (lib/wire/stored-window.ts): a few hundred
 * frames at a time, read by storedWindow from the segments near the anchor, a text search over
 * every frame by searchStored (of the frames as this view shows them: what a view masks, its search
 * cannot find), its timing by method from the store's timing column, and the
 * findings kept when it was stored. The frames, and the findings' messages (which can quote them),
 * go as a live page's frames do: the OAuth credentials the session's client held masked; in a
 * redacted view, redacted as an export of the stored session (exportStored's redaction, with the
 * session's own secrets).
 */
import type { Frame } from '../../lib/mcp/frame';
import { credentialMask } from '../../lib/trace/masked-frames';
import { redactFrames, type RedactOptions } from '../../lib/trace/redact';
import type { PageMessage, ProxyMessage } from '../../lib/wire/protocol';
import { storedRedaction } from '../store/export';
import { redactFindings } from '../store/findings-file';
import type { StoredSession } from '../store/reader';
import { searchStored } from '../store/search';
import type { SessionStore } from '../store/store';
import { storedWindow } from '../store/window';
import { storedMethodStats } from '../../lib/view/latency-histogram';

type WindowMessage = Extract<PageMessage, { type: 'history/window' }>;
type SearchMessage = Extract<PageMessage, { type: 'history/search' }>;
type TimingMessage = Extract<PageMessage, { type: 'history/timing' }>;
type FindingsMessage = Extract<PageMessage, { type: 'history/findings' }>;

const NO_COUNTS = { error: 0, warning: 0, info: 0 };

/** What the page's view of a stored session redacts: undefined when nothing is. */
function pageRedaction(session: StoredSession, redacted: boolean): RedactOptions | undefined {
  if (redacted) return storedRedaction(session, {});
  const credentials = session
    .secrets()
    .filter((s) => s.rule === 'oauth:credential')
    .map((s) => s.value);
  return credentialMask(credentials);
}

function framesForPage(session: StoredSession, frames: Frame[], redacted: boolean): Frame[] {
  const opts = pageRedaction(session, redacted);
  return opts ? redactFrames(frames, opts).frames : frames;
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
    state: store.stateOf(session),
  };
}

export function answerSearch(store: SessionStore, msg: SearchMessage, redacted: boolean): ProxyMessage {
  const session = store.open(msg.id);
  const found = searchStored(session, { text: msg.text, fromSeq: msg.fromSeq, limit: msg.limit, redaction: pageRedaction(session, redacted) });
  return {
    type: 'history/search-result',
    rid: msg.rid ?? '',
    id: msg.id,
    seqs: found.frames.map((f) => f.seq),
    ...(found.next === undefined ? {} : { next: found.next }),
    scannedBytes: found.scannedBytes,
  };
}

/** The session's timing by method, from its index lines' timing columns: no frame is read. */
export function answerTiming(store: SessionStore, msg: TimingMessage): ProxyMessage {
  const session = store.open(msg.id);
  return { type: 'history/timing', rid: msg.rid ?? '', id: msg.id, methods: storedMethodStats(session.timing()), frameCount: session.frameCount };
}

/** The findings kept when the session was stored, or why there are none; of a session still
 *  recorded past its memory budget, those judged so far from its copy on disk (live-judge.ts). */
export function answerFindings(store: SessionStore, msg: FindingsMessage, redacted: boolean): ProxyMessage {
  const session = store.open(msg.id);
  const found = store.findings(session);
  const base = { type: 'history/findings' as const, rid: msg.rid ?? '', id: msg.id };
  const live = found.none === 'recording' ? store.liveFindings(msg.id) : undefined;
  if (live?.queued) return { ...base, findings: [], total: 0, capped: false, none: 'recording', live: { throughSeq: 0, counts: NO_COUNTS, queued: true } };
  if (live) {
    const findings = redactFindings(live.findings, pageRedaction(session, redacted));
    return { ...base, findings, total: live.total, capped: live.total > findings.length, live: { throughSeq: live.throughSeq, counts: live.counts } };
  }
  if (found.none) return { ...base, findings: [], total: 0, capped: false, none: found.none };
  const findings = redactFindings(found.findings, pageRedaction(session, redacted));
  return { ...base, findings, total: found.total, capped: found.total > findings.length };
}
