/**
 * Starts a real Loupe (the exported page in out/, the /ws proxy, a real session registry) on a
 * free loopback port with its own config folder, and prints one JSON line: {"url": ...}.
 * Run with tsx; the e2e spec starts it and kills it when done.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ConnectionStore } from '../../proxy/config/store';
import { Registry } from '../../proxy/sessions/registry';
import { startLoupeServer } from '../../proxy/server/loupe-server';
import { createToken } from '../../proxy/server/token';

const dir = await mkdtemp(path.join(os.tmpdir(), 'loupe-views-e2e-'));
const store = await ConnectionStore.open(path.join(dir, 'config'));
const registry = new Registry();
const token = createToken();
const server = await startLoupeServer({ port: 0, outDir: path.resolve('out'), token, registry, store });
process.stdout.write(`${JSON.stringify({ url: server.url, port: server.port, token })}\n`);

async function stop() {
  await server.close();
  await registry.closeAll();
  await rm(dir, { recursive: true, force: true });
  process.exit(0);
}
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
