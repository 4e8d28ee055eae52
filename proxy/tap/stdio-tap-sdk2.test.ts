/**
 * The 2.x SDK's client (the one that speaks the 2026-07-28 era and probes a server before falling
 * back) as the host: through `loupe tap` it gets the same answers as directly, and every message
 * it and the server sent is in the trace, in order.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { EVERYTHING, LOUPE_BIN, tempDir } from '../cli/shared/run-cli';
import { tapRecording } from './testing/tap-recording';

async function tour(command: string, args: string[]) {
  const client = new Client({ name: 'sdk2-host', version: '2.0.0' });
  await client.connect(new StdioClientTransport({ command, args, stderr: 'ignore' }));
  const tools = await client.listTools();
  const echo = await client.callTool({ name: 'echo', arguments: { message: 'sdk 2 through the tap' } });
  await client.close();
  return { tools: tools.tools.map((t) => t.name).sort(), echo };
}

describe('loupe tap with the 2.x SDK client as the host', () => {
  // The host kills the tap 2 s after SIGTERM, as the SDK's client does; on a machine busy with the
  // rest of the suite the recorder may not have written its file by then, so the run is retried.
  it('carries its session unchanged and records it', { retry: 2, timeout: 90_000 }, async () => {
    const configDir = tempDir();
    const direct = await tour(EVERYTHING[0], EVERYTHING.slice(1));
    const tapped = await tour(process.execPath, [LOUPE_BIN, 'tap', '--config-dir', configDir, '--name', 'everything', '--', ...EVERYTHING]);
    expect(tapped).toEqual(direct);
    const dir = path.join(configDir, 'taps');
    // The recorder's worker creates the file once the session is under way, and the tap may still
    // be finishing when the client has closed: wait for the file, its header and its last frame.
    const read = () => {
      try {
        return tapRecording(path.join(dir, readdirSync(dir)[0]));
      } catch {
        return undefined;
      }
    };
    let trace = read();
    for (let i = 0; i < 150 && !trace?.frames.some((f) => f.lane === 'lifecycle' && f.raw.startsWith('the server process')); i++) {
      await new Promise((r) => setTimeout(r, 100));
      trace = read();
    }
    if (!trace) throw new Error(`no readable trace in ${dir}`);
    const sent = trace.frames.filter((f) => f.lane === 'message' && f.dir === 'c2s').map((f) => JSON.parse(f.raw).method);
    expect(sent).toEqual(expect.arrayContaining(['tools/list', 'tools/call']));
    expect(trace.frames.some((f) => f.dir === 's2c' && f.raw.includes('sdk 2 through the tap'))).toBe(true);
  });
});
