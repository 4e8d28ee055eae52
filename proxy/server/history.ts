/**
 * The page's History (lib/wire/history.ts): the sessions this Loupe's store keeps on disk. Opening
 * one sends every frame as recorded, as a live session's frames reach the page; exporting one goes
 * through exportStored, the path `loupe export ID` takes, so the file is redacted the same way.
 * Both are sent in pieces (history-stream.ts), read from disk as they go. A window of a few hundred
 * frames, and a search, read only what they need (history-window.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PageMessage, ProxyMessage } from '../../lib/wire/protocol';
import { LOUPE_VERSION } from '../../lib/version';
import { exportStored } from '../store/export';
import { StoreError } from '../store/reader';
import type { SessionStore } from '../store/store';
import { fileLines, piecesOf, traceLines, type TraceStream } from './history-stream';
import { answerFindings, answerSearch, answerTiming, answerWindow } from './history-window';

type HistoryMessage = Extract<PageMessage, { type: `history/${string}` }>;

/** What a handled message answers: a message to send, a trace to send in pieces, or an ack. */
export type HistoryAnswer = { send: ProxyMessage } | { stream: TraceStream } | { ack: true };

/** `redacted`: for a page's redacted view, whose frames are redacted as an export's. */
export function answerHistory(store: SessionStore | undefined, msg: HistoryMessage, redacted = false): HistoryAnswer {
  if (!store) throw new Error('this Loupe keeps no stored sessions (it was started without a config dir)');
  const rid = msg.rid ?? '';
  switch (msg.type) {
    case 'history/list':
      return { send: { type: 'history/listed', rid, sessions: store.list().sort((a, b) => b.startedAt - a.startedAt) } };
    case 'history/open':
      return { stream: { rid, id: msg.id, pieces: piecesOf(traceLines(store.open(msg.id))) } };
    case 'history/window':
      return { send: answerWindow(store, msg, redacted) };
    case 'history/search':
      return { send: answerSearch(store, msg, redacted) };
    case 'history/timing':
      return { send: answerTiming(store, msg) };
    case 'history/findings':
      return { send: answerFindings(store, msg, redacted) };
    case 'history/export': {
      const session = store.open(msg.id);
      // Written whole first (the header, which counts what was redacted, leads the file), then
      // read back in pieces; the folder goes once they are sent.
      const dir = mkdtempSync(path.join(tmpdir(), 'loupe-history-'));
      const done = () => rmSync(dir, { recursive: true, force: true });
      try {
        const out = path.join(dir, 'trace.ndjson');
        const { redacted } = exportStored(session, out, { loupeVersion: LOUPE_VERSION, redact: msg.redact });
        return { stream: { rid, id: msg.id, pieces: piecesOf(fileLines(out)), redacted, done } };
      } catch (e) {
        done();
        throw e;
      }
    }
    case 'history/delete': {
      // The store refuses what this process writes; a tap or a record in another process shows as recording too.
      if (store.list().find((s) => s.id === msg.id)?.state === 'recording') throw new StoreError(`session ${msg.id} is being recorded: close it first`);
      store.delete(msg.id);
      return { ack: true };
    }
  }
}
