/**
 * What the History tests share: a store of their own in a temporary folder, a proxy over it with a
 * page connected (past its `hello`), and the findings `answerHistory` gives for a stored session.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ProxyMessage } from '../../../lib/wire/protocol';
import { SessionStore } from '../../store/store';
import { answerHistory } from '../history';
import { ScriptedRegistry } from './scripted-registry';
import { PageClient, startHarness, type Harness } from './harness';

export type FindingsReply = Extract<ProxyMessage, { type: 'history/findings' }>;

export interface HistoryPage {
  dir: string;
  store: SessionStore;
  h: Harness;
  page: PageClient;
  close(): Promise<void>;
}

/** A proxy over a fresh store, with a page connected; `onMessage` sees every message the page is sent, from the first. */
export async function startHistoryPage(prefix: string, onMessage?: (data: Buffer) => void): Promise<HistoryPage> {
  const dir = mkdtempSync(path.join(tmpdir(), `loupe-${prefix}-`));
  const store = new SessionStore(path.join(dir, 'sessions'));
  const h = await startHarness(new ScriptedRegistry(), undefined, undefined, store);
  const page = await PageClient.connect(h);
  if (onMessage) page.ws.on('message', onMessage);
  await page.next('hello');
  return {
    dir,
    store,
    h,
    page,
    async close() {
      page.close();
      await h.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The findings the proxy answers `history/findings` with for stored session `id`. */
export function storedFindings(store: SessionStore, id: string): FindingsReply {
  const answer = answerHistory(store, { type: 'history/findings', id });
  if (!('send' in answer) || answer.send.type !== 'history/findings') throw new Error('history/findings was not answered with findings');
  return answer.send;
}
