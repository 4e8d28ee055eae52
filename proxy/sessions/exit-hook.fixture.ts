/**
 * Run by registry.test.ts as its own process: opens a session on the stubborn fixture server,
 * prints the server's and its grandchild's pids, then exits WITHOUT closing anything, to prove the
 * last-chance exit hook still ends the process group.
 */
import { Registry } from './registry';
import { fixtureServer, waitFor } from './test-support';

const registry = new Registry();
const s = registry.open(fixtureServer('stdio-stubborn.mjs'), { protocolVersion: '2025-11-25', clientCapabilities: {} });
await waitFor(() => s.summary().status === 'ready', 15_000, 'ready');
const line = await waitFor(() => s.frames().find((f) => f.lane === 'stderr' && f.raw.startsWith('grandchild ')), 15_000, 'grandchild');
process.stdout.write(JSON.stringify({ pid: s.summary().pid, grandchild: Number(line.raw.split(' ')[1]) }) + '\n');
process.exit(0);
