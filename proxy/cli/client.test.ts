import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startEverything, type RunningServer } from '../transports/http/testing';
import { run } from './client';
import { answerPolicy } from './client-command/answers';
import { sampleArguments, scenarioFor } from './client-command/scenarios';

describe('loupe client options', () => {
  it('maps conformance scenario names onto its own scenarios and refuses unknown ones', () => {
    expect(scenarioFor('initialize')).toBe('discover');
    expect(scenarioFor('auth/scope-step-up')).toBe('call-tools');
    expect(scenarioFor('typo')).toBeUndefined();
  });

  it('parses answer policies and says what is accepted', () => {
    expect(answerPolicy(['elicitation=decline', 'sampling=hello'], ['file:///w']).elicitation).toBe('decline');
    expect(answerPolicy(['sampling=refuse'], []).sampling).toBeUndefined();
    expect(() => answerPolicy(['elicitation=maybe'], [])).toThrow(/accept-defaults, decline or cancel/);
  });

  it('makes tool arguments from defaults and required fields', () => {
    expect(
      sampleArguments({ type: 'object', properties: { a: { type: 'number' }, b: { type: 'string', default: 'x' }, c: { type: 'boolean' } }, required: ['a'] }),
    ).toEqual({ a: 1, b: 'x' });
  });

  it('exits 2 with the usage for a missing URL or an unknown scenario', async () => {
    const err = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    expect(await run([], {} as NodeJS.ProcessEnv)).toBe(2);
    expect(await run(['--scenario', 'typo', 'http://127.0.0.1:9/mcp'], {} as NodeJS.ProcessEnv)).toBe(2);
    expect(err.mock.calls.map((c) => String(c[0])).join('\n')).toMatch(/unknown scenario 'typo'/);
    err.mockRestore();
  });
});

describe('loupe client against server-everything (Streamable HTTP)', () => {
  let server: RunningServer;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'loupe-client-'));
  beforeAll(async () => {
    server = await startEverything('streamableHttp');
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('discovers, writes the trace, and exits 0', async () => {
    const out = path.join(dir, 'trace.ndjson');
    const log = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    const err = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      expect(await run(['--out', out, server.url], {} as NodeJS.ProcessEnv)).toBe(0);
      const text = readFileSync(out, 'utf8');
      expect(text).toContain('tools/list');
      expect(text).toContain('prompts/list');
      expect(log.mock.calls.map((c) => String(c[0])).join('')).toMatch(/finished discover with \d+ frames/);
    } finally {
      log.mockRestore();
      err.mockRestore();
    }
  }, 60_000);
});
