import { afterEach, describe, expect, it } from 'vitest';
import { analyze } from '../../../lib/analyze';
import { probeServer } from './probes';
import { errorCodeIn } from './probes-modern';
import { FrameLog, meta, sentHeader, startFixture, testClock, type RunningServer } from './testing';

const running: RunningServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.stop()));
});

async function probeModern(fixture: string, args: string[] = []) {
  const server = await startFixture(fixture, args);
  running.push(server);
  const log = new FrameLog();
  const report = await probeServer(server.url, {}, { clock: testClock, record: log.sink, protocolVersion: '2026-07-28' });
  const sent = log.http('request').filter((f) => meta(f).probe === 'header-name');
  return { report, log, sent, headerName: report.findings.filter((f) => f.probe === 'header-name') };
}

describe('the Mcp-Name probe of a 2026-07-28 server', () => {
  it('finds a server that serves requests whose Mcp-Name is missing or names another tool, resource or prompt', async () => {
    const { headerName, log, sent } = await probeModern('bad-modern-header-name');
    expect(headerName.map((f) => [f.verdict, f.status, f.rule])).toEqual(Array(4).fill(['fail', 200, 'modern.header-mismatch-answer']));
    expect(headerName[0].message).toBe(
      'the server answered a tools/call without its Mcp-Name header (no Mcp-Name) with 200; it must refuse a request whose Mcp-Name disagrees with its body with 400 and error -32020',
    );
    // What each probe sent: the body's name, and a header that is missing or names another.
    expect(sent.map((f) => sentHeader(f, 'Mcp-Name'))).toEqual([
      undefined,
      'loupe-probe-other-tool',
      'loupe-probe://other-resource',
      'loupe-probe-other-prompt',
    ]);
    expect(sent.map((f) => sentHeader(f, 'Mcp-Method'))).toEqual(['tools/call', 'tools/call', 'resources/read', 'prompts/get']);
    expect(sent.every((f) => sentHeader(f, 'MCP-Protocol-Version') === '2026-07-28')).toBe(true);
    // The analyser annotates each failed probe, and nothing lands in the message lane.
    const found = analyze(log.frames).annotations.filter((a) => a.rule === 'modern.header-mismatch-answer');
    expect(found).toHaveLength(4);
    // (The link's version is the session's: this trace holds the probes alone.)
    expect(found[0].spec).toMatch(/\/basic\/transports\/streamable-http#server-validation$/);
    expect(log.messages()).toEqual([]);
  }, 30_000);

  it('passes the 2.x SDK server, which refuses each with 400 and -32020', async () => {
    const { headerName, log } = await probeModern('modern-only', ['--http']);
    expect(headerName.map((f) => [f.verdict, f.status])).toEqual(Array(4).fill(['pass', 400]));
    expect(analyze(log.frames).annotations.filter((a) => a.rule === 'modern.header-mismatch-answer')).toEqual([]);
  }, 30_000);

  it('is not sent for a session of a stateful version, nor to a server that does not speak 2026-07-28', async () => {
    const server = await startFixture('http-unknown-session');
    running.push(server);
    const legacy = await probeServer(server.url, {}, { clock: testClock });
    expect(legacy.findings.map((f) => f.probe)).toEqual(['origin', 'unknown-session']);
    const asked = await probeServer(server.url, {}, { clock: testClock, protocolVersion: '2026-07-28' });
    const [f] = asked.findings.filter((x) => x.probe === 'header-name');
    expect(f.verdict).toBe('inconclusive');
    expect(f.message).toMatch(/^not sent: the well-formed server\/discover was answered/);
  }, 30_000);
});

describe('errorCodeIn', () => {
  it('reads the code of a JSON body or of an SSE event', () => {
    expect(errorCodeIn('{"jsonrpc":"2.0","id":1,"error":{"code":-32020,"message":"x"}}')).toBe(-32020);
    expect(errorCodeIn('event: message\ndata: {"jsonrpc":"2.0","id":1,"error":{"code":-32020,"message":"x"}}\n\n')).toBe(-32020);
    expect(errorCodeIn('{"jsonrpc":"2.0","id":1,"result":{}}')).toBeUndefined();
    expect(errorCodeIn('not json')).toBeUndefined();
  });
});
