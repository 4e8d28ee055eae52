/**
 * Finishes a tap's recording after the tap ended (tap-handoff.ts): `node tap-resume.mjs
 * <handoff.json>`, started detached by the tap. It frames the batches the tap's recorder left, in
 * order, into the stored session's next segments, closes the session clean with its findings
 * counted, and removes what the handoff left on disk. It runs at the lowest priority: the host may
 * start its next server at the same moment.
 */
import { closeSync, openSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Frame } from '../../lib/mcp/frame';
import { DEFAULT_DISK_BUDGET, diskBudgetFrom } from '../store/disk-budget';
import { SessionStore } from '../store/store';
import { TapFramer } from './tap-framer';
import { readHanded, type Handoff } from './tap-handoff';
import { takeItem } from './take-item';

const handoffFile = process.argv[2];
if (!handoffFile) {
  process.stderr.write('usage: tap-resume.mjs HANDOFF_FILE (the handoff.json a tap wrote in its stored session; started by loupe tap)\n');
  process.exit(64);
}
try {
  os.setPriority(19);
} catch {
  /* not allowed here: it runs at the tap's priority */
}

const handoff = JSON.parse(readFileSync(handoffFile, 'utf8')) as Handoff;
try {
  await finish(handoff);
} finally {
  // Whether or not the session could be continued (deleted meanwhile, its disk gone), nothing of
  // the handoff stays behind: the tap's spool may hold a flood. Only the backlogs a handoff makes
  // are removed, whatever the file names.
  for (const file of handoff.files) if (file.endsWith('.backlog')) rmSync(file, { force: true });
  rmSync(handoffFile, { force: true });
}

async function finish(h: Handoff): Promise<void> {
  const budget = diskBudgetFrom({});
  const store = new SessionStore(h.storeDir, typeof budget === 'string' ? DEFAULT_DISK_BUDGET : budget);
  const writer = store.continueSession(h.id, h.writer);
  const framer = new TapFramer((f: Frame) => writer.append(f), h.maxLineBytes);
  framer.resume(h.framer);
  const fds = new Map<string, number>();
  let lastTs = 0;
  for (const batch of h.batches) {
    try {
      let fd = fds.get(batch.file);
      if (fd === undefined) fds.set(batch.file, (fd = openSync(batch.file, 'r')));
      const { items, bytes } = readHanded(batch, fd);
      for (const item of items) {
        lastTs = item.ts;
        takeItem(framer, item, bytes);
      }
    } catch (e) {
      // The recording says what it misses rather than stop: the host got every byte.
      const text = `${batch.length} bytes of the recording's backlog could not be read back from ${path.basename(batch.file)} (${(e as Error).message}): the peer got every byte, the recording misses them`;
      framer.lifecycle({ transport: 'stdio', event: 'note' }, text, lastTs);
    }
  }
  for (const fd of fds.values()) closeSync(fd);
  writer.close();
  await writer.counted;
}
