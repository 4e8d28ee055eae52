// For the tap bench: the cheapest relay Node can be, to read the tap's figures against. Each
// direction is a worker thread in a blocking read/write loop (no event loop, no streams) between
// this process's own fds 0/1 and FIFOs to the server (Node has no public API for an anonymous
// pipe's fds). It records nothing. Linux and macOS only: it needs mkfifo.
import { execFileSync, spawn } from 'node:child_process';
import { closeSync, mkdtempSync, open, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Worker } from 'node:worker_threads';

const [command, ...args] = process.argv.slice(2);
const dir = mkdtempSync(path.join(tmpdir(), 'loupe-relay-'));
const toServer = path.join(dir, 'in');
const fromServer = path.join(dir, 'out');
execFileSync('mkfifo', ['-m', '600', toServer, fromServer]);
const openFd = promisify(open);
// Opening a FIFO blocks until its other end is opened: open both ends at once, off this thread.
const [serverStdin, writeToServer] = await Promise.all([openFd(toServer, 'r'), openFd(toServer, 'w')]);
const [readFromServer, serverStdout] = await Promise.all([openFd(fromServer, 'r'), openFd(fromServer, 'w')]);
rmSync(dir, { recursive: true, force: true });

const child = spawn(command, args, { stdio: [serverStdin, serverStdout, 'inherit'] });
const LOOP = `
const { readSync, writeSync } = require('node:fs');
const { workerData: { from, to } } = require('node:worker_threads');
const buf = Buffer.allocUnsafe(1 << 16);
try {
  for (;;) {
    const n = readSync(from, buf);
    if (n === 0) break;
    for (let at = 0; at < n; ) at += writeSync(to, buf, at, n - at);
  }
} catch {}`;
// The server has its own copies of its ends; ours would keep its stdin open past the host's EOF.
closeSync(serverStdin);
closeSync(serverStdout);
// A worker's stdout is piped to process.stdout unless kept apart, and touching process.stdout
// turns fd 1 non-blocking for the whole process: keep the workers' own output apart.
const loop = (from, to) => {
  const worker = new Worker(LOOP, { eval: true, workerData: { from, to }, stdout: true, stderr: true });
  worker.stdout.resume();
  worker.stderr.resume();
  return worker;
};
const c2s = loop(0, writeToServer);
// The host's EOF becomes the server's.
c2s.once('exit', () => closeSync(writeToServer));
c2s.unref();
const s2c = loop(readFromServer, 1);
const output = new Promise((r) => s2c.once('exit', r));
child.once('exit', async (code) => {
  await output;
  process.exit(code ?? 1);
});
