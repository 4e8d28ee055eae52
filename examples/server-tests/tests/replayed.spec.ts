import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { test, expect } from 'mcp-loupe/test';

// A host author's view: the notes server as recorded (traces/notes.ndjson, made with
// `loupe record --script traces/calls.json -- node server.mjs`), served by `loupe replay` over
// Streamable HTTP, so the test needs neither the server nor its dependencies.
const loupeBin = createRequire(import.meta.url)
  .resolve('mcp-loupe/package.json')
  .replace(/package\.json$/, 'bin/loupe.mjs');
let replay: ChildProcess | undefined;
let url = '';

test.beforeAll(async () => {
  replay = spawn(process.execPath, [loupeBin, 'replay', 'traces/notes.ndjson', '--listen', '127.0.0.1:0'], { stdio: ['ignore', 'ignore', 'pipe'] });
  url = await new Promise<string>((resolve, reject) => {
    let err = '';
    replay!.stderr!.on('data', (chunk: Buffer) => {
      err += chunk.toString();
      const m = /serving at (http:\/\/\S+)/.exec(err);
      if (m) resolve(m[1]);
    });
    replay!.once('exit', (code) => reject(new Error(`loupe replay exited (${code}): ${err}`)));
  });
});

test.afterAll(() => {
  replay?.kill();
});

// Playwright reads a fixture's dependencies from its first parameter: an empty pattern means none.
// eslint-disable-next-line no-empty-pattern
test.use({ mcpServer: async ({}, use) => use({ url, mode: 'streamable' }) });

test('the recorded notes server answers over HTTP as it did', async ({ loupe }) => {
  await loupe.connect();
  const read = await loupe.callTool('read-note', { title: 'todo' });
  expect(read.content).toEqual([{ type: 'text', text: 'write tests' }]);
  // Not in the recording: the replay says so and names the closest recorded call.
  await expect(loupe.callTool('read-note', { title: 'other' })).rejects.toThrow('closest recorded params: {"arguments":{"title":"todo"},"name":"read-note"}');
  await expect(loupe).toHaveNoFindings({ severity: 'error' });
});
