/**
 * A writer that records without end until it is killed: `node --import tsx killed-writer.fixture.ts
 * SESSIONS_DIR`. It prints the store's id once, then, after each flush, the last seq written, so a
 * test knows which frames must survive a SIGKILL.
 */
import { SessionStore } from './store';
import { testHeader, logFrame } from './testing';

const store = new SessionStore(process.argv[2]);
const writer = store.create({ source: 'launched', header: testHeader('killed'), startedAt: Date.now() });
process.stdout.write(`id ${writer.id}\n`);
let seq = 0;
setInterval(() => {
  // Half a batch is flushed by the writer's own timer, half waits: the kill lands anywhere.
  for (let i = 0; i < 500; i++) writer.append(logFrame(++seq, seq * 10));
  writer.flush();
  process.stdout.write(`flushed ${seq}\n`);
  for (let i = 0; i < 500; i++) writer.append(logFrame(++seq, seq * 10));
}, 5);
