import { describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT, fixture, runCli, tempDir } from './shared/run-cli';
import { RULE_MODULES } from '../../lib/analyze';
import { APP_MIME_TYPE, APPS_EXTENSION } from '../../lib/mcp/apps';
import { clientOptions } from './shared/client-options';
import { openHeadless, stdioConnection } from './record/headless';
import { runSession } from './record/run-session';

interface JsonReport {
  annotations: Array<{ rule: string; severity: string; message: string; spec: string }>;
}

const APPS_RULES = RULE_MODULES.flatMap((m) => Object.keys(m.rules)).filter((r) => r.startsWith('apps.'));
/** The ext-apps example App (a get-time tool and its UI), run over stdio. */
const BASIC_APP = ['node', path.join(ROOT, 'node_modules/@modelcontextprotocol/server-basic-vanillajs/dist/index.js'), '--stdio'];

/** A loaded machine may make any server slow (timing.slow, an info): that is not what these judge. */
const notTiming = (a: { rule: string }) => !a.rule.startsWith('timing.');

/** `loupe check` of a server, calling one tool after discovery (a UI's result is judged from a call). */
async function check(server: string[], tool: string, failOn = 'info'): Promise<{ code: number; report: JsonReport }> {
  const script = path.join(tempDir(), 'script.json');
  writeFileSync(script, JSON.stringify([{ method: 'tools/call', params: { name: tool, arguments: {} } }]));
  const r = await runCli(['check', '--format', 'json', '--fail-on', failOn, '--timeout', '10000', '--script', script, '--', ...server]);
  return { code: r.code, report: JSON.parse(r.stdout) as JsonReport };
}

describe('loupe check of MCP Apps servers', () => {
  it('reports every apps.* rule against the fixture that breaks each once, and nothing else', async () => {
    const { code, report } = await check([...fixture('apps-server'), '--all'], 'no-text');
    const found = report.annotations.filter(notTiming);
    expect(new Set(found.map((a) => a.rule))).toEqual(new Set(APPS_RULES));
    // One tool or resource breaks each rule: each speaks once.
    expect(found).toHaveLength(APPS_RULES.length);
    for (const a of found) expect(a.spec).toMatch(/^https:\/\/github\.com\/modelcontextprotocol\/ext-apps\/blob\/main\/specification\/2026-01-26\/apps\.mdx#/);
    expect(code).toBe(1);
  }, 60_000);

  it('passes the same server when it behaves, its UI read and its UI tool called', async () => {
    const { code, report } = await check(fixture('apps-server'), 'clock', 'warning');
    expect(report.annotations.filter(notTiming)).toEqual([]);
    expect(code).toBe(0);
  }, 60_000);

  it('declares the extension only when --client-capabilities does not say what the client offers', async () => {
    const r = await runCli(['check', '--format', 'json', '--client-capabilities', '{"roots":{}}', '--', ...fixture('apps-server'), '--all']);
    // The server keeps its UI tools for hosts that render them: this client is offered none.
    expect((JSON.parse(r.stdout) as JsonReport).annotations.filter((a) => a.rule.startsWith('apps.'))).toEqual([]);
    expect(r.code).toBe(0);
  }, 60_000);

  it('stays quiet on the ext-apps basic example App', async () => {
    const { code, report } = await check(BASIC_APP, 'get-time', 'warning');
    expect(report.annotations.filter(notTiming)).toEqual([]);
    expect(code).toBe(0);
  }, 60_000);

  it("reads the example App's UI during the check, declaring the extension as a host does", async () => {
    const client = clientOptions({});
    const record = await runSession(
      openHeadless,
      stdioConnection(BASIC_APP),
      { ...client, clientCapabilities: { extensions: { [APPS_EXTENSION]: { mimeTypes: [APP_MIME_TYPE] } } } },
      { name: 'apps-test', version: '0' },
      { readAppResources: true },
    );
    const messages = record.frames.filter((f) => f.lane === 'message').map((f) => JSON.parse(f.raw) as Record<string, unknown>);
    const read = messages.find((m) => m.method === 'resources/read');
    expect(read?.params).toEqual({ uri: 'ui://get-time/mcp-app.html' });
    const answer = messages.find((m) => m.id === read?.id && 'result' in m) as { result: { contents: Array<{ mimeType: string; text: string }> } };
    expect(answer.result.contents[0].mimeType).toBe(APP_MIME_TYPE);
    expect(answer.result.contents[0].text).toMatch(/^<!DOCTYPE html>/i);
    expect(record.steps.map((s) => s.method)).toContain('resources/read ui://get-time/mcp-app.html');
  }, 60_000);
});
