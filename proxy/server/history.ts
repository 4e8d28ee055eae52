/**
 * The page's History (lib/wire/history.ts): the sessions this Loupe's store keeps on disk. Opening
 * one sends every frame as recorded, as a live session's frames reach the page; exporting one goes
 * through exportStored, the path `loupe export ID` takes, so the file is redacted the same way.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PageMessage, ProxyMessage } from '../../lib/wire/protocol';
import { LOUPE_VERSION } from '../../lib/version';
import { exportStored } from '../store/export';
import { StoreError } from '../store/reader';
import type { SessionStore } from '../store/store';

type HistoryMessage = Extract<PageMessage, { type: `history/${string}` }>;

/** What a handled message answers: a message to send, or an ack. */
export type HistoryAnswer = { send: ProxyMessage } | { ack: true };

export function answerHistory(store: SessionStore | undefined, msg: HistoryMessage): HistoryAnswer {
  if (!store) throw new Error('this Loupe keeps no stored sessions (it was started without a config dir)');
  const rid = msg.rid ?? '';
  switch (msg.type) {
    case 'history/list':
      return { send: { type: 'history/listed', rid, sessions: store.list().sort((a, b) => b.startedAt - a.startedAt) } };
    case 'history/open': {
      const session = store.open(msg.id);
      const lines = [JSON.stringify(session.meta.header)];
      for (const f of session.frames()) lines.push(JSON.stringify(f));
      return { send: { type: 'history/trace', rid, id: msg.id, text: lines.join('\n') + '\n' } };
    }
    case 'history/export': {
      const session = store.open(msg.id);
      const dir = mkdtempSync(path.join(tmpdir(), 'loupe-history-'));
      try {
        const out = path.join(dir, 'trace.ndjson');
        const done = exportStored(session, out, { loupeVersion: LOUPE_VERSION, redact: msg.redact });
        return { send: { type: 'history/trace', rid, id: msg.id, text: readFileSync(out, 'utf8'), redacted: done.redacted } };
      } finally {
        rmSync(dir, { recursive: true, force: true });
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
