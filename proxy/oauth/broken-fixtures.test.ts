/**
 * A fixture server breaks each auth.* rule (e2e/fixtures/servers/http-oauth-broken.mjs, one path
 * per rule); `loupe client` runs the chain against it, and the trace it writes must carry that
 * rule's finding, the one auth.* finding of the chain.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { analyze } from '../../lib/analyze';
import { readTraceText } from '../../lib/trace/reader';
import { startFixture, type RunningServer } from '../transports/http/testing';
import { run } from '../cli/client';

const RULES = [
  'auth.resource-metadata-not-served',
  'auth.metadata-wrong-path',
  'auth.no-pkce-s256',
  'auth.token-type-missing',
  'auth.scope-not-advertised',
  'auth.resource-mismatch',
  'auth.iss-missing',
];

let server: RunningServer;
const dir = mkdtempSync(path.join(os.tmpdir(), 'loupe-oauth-broken-'));
beforeAll(async () => {
  server = await startFixture('http-oauth-broken');
});
afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('fixture servers that break each auth.* rule', () => {
  it.each(RULES)(
    '%s',
    async (rule) => {
      const out = path.join(dir, `${rule}.ndjson`);
      const url = `${new URL(server.url).origin}/${rule.slice('auth.'.length)}/mcp`;
      const quiet = [vi.spyOn(process.stdout, 'write').mockImplementation(() => true), vi.spyOn(process.stderr, 'write').mockImplementation(() => true)];
      try {
        // A resource mismatch is refused before anything reaches the authorization server (exit 1);
        // every other chain completes.
        expect(await run(['--out', out, '--timeout', '5000', url], {} as NodeJS.ProcessEnv)).toBe(rule === 'auth.resource-mismatch' ? 1 : 0);
      } finally {
        for (const q of quiet) q.mockRestore();
      }
      const frames = readTraceText(readFileSync(out, 'utf8')).frames;
      const auth = analyze(frames)
        .annotations.filter((a) => a.group === 'auth')
        .map((a) => a.rule);
      expect(auth).toEqual([rule]);
    },
    30_000,
  );
});
