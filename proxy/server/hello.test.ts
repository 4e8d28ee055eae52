import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MASKED_VALUE } from '../../lib/wire/connection';
import { ScriptedRegistry } from './testing/scripted-registry';
import { PageClient, startHarness } from './testing/harness';

describe('hello', () => {
  it('lists the built-in connection first and the saved ones with secrets masked', async () => {
    const saved = { id: 'gh', name: 'GitHub', transport: 'stdio', command: 'gh-mcp', args: [], env: { GITHUB_TOKEN: 'ghp_secret', LOG: 'debug' } };
    const h = await startHarness(new ScriptedRegistry(), undefined, JSON.stringify({ version: 1, connections: [saved] }));
    try {
      const page = await PageClient.connect(h);
      const hello = await page.next('hello');
      expect(hello.connections.map((c) => c.id)).toEqual(['server-everything', 'gh']);
      expect(hello.connections[1]).toMatchObject({ env: { GITHUB_TOKEN: MASKED_VALUE, LOG: 'debug' } });
      expect(JSON.stringify(page.received)).not.toContain('ghp_secret');
      expect(hello.sessions).toEqual([]);
      // How a shell runs this Loupe again: a checkout's bin, by absolute path (CLI scripts start with it).
      expect(hello.loupeCommand).toEqual(['node', path.resolve('bin/loupe.mjs')]);
      page.close();
    } finally {
      await h.close();
    }
  });

  it('follows hello with an error naming a corrupt config file, and still offers the built-in connection', async () => {
    const h = await startHarness(new ScriptedRegistry(), undefined, '{"version": 1,');
    try {
      const page = await PageClient.connect(h);
      expect((await page.next('hello')).connections.map((c) => c.id)).toEqual(['server-everything']);
      expect((await page.next('error')).message).toMatch(/connections\.json is not valid JSON/);
      page.close();
    } finally {
      await h.close();
    }
  });
});
