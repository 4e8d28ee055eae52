import claudeLog from '../../e2e/fixtures/host-logs/mcp-server-weather.log?raw';
import vscodeLog from '../../e2e/fixtures/host-logs/vscode-mcp-output.log?raw';
import { describe, expect, it } from 'vitest';
import { detectHostLog, hostLogServers, importHostLog } from './host-log';
import { readTraceText } from './reader';
import { writeTrace } from './writer';

const fixture = (name: string) => (name === 'mcp-server-weather.log' ? claudeLog : vscodeLog);

describe('host logs as traces', () => {
  it("reads Claude Desktop's mcp-server-NAME.log: directions, timing, the relayed stderr and the host's own lines", () => {
    const text = fixture('mcp-server-weather.log');
    expect(detectHostLog(text)).toBe('claude-desktop');
    const trace = importHostLog(text, { fileName: 'mcp-server-weather.log', loupeVersion: 't' });
    expect(trace.header).toMatchObject({ source: 'import', target: { transport: 'stdio', name: 'weather' }, startedAt: '2025-07-12T05:51:44.590Z' });
    const messages = trace.frames.filter((f) => f.lane === 'message');
    expect(messages.map((f) => [f.dir, JSON.parse(f.raw).method ?? `#${JSON.parse(f.raw).id}`])).toEqual([
      ['c2s', 'initialize'],
      ['s2c', '#0'],
      ['c2s', 'notifications/initialized'],
      ['c2s', 'tools/list'],
      ['s2c', '#1'],
      ['c2s', 'tools/call'],
      ['c2s', 'notifications/cancelled'],
    ]);
    // The logger's `{ metadata: undefined }` is not part of the message.
    expect(messages[0].raw.endsWith('"id":0}')).toBe(true);
    // 60 s between the call and its cancellation, in microseconds.
    expect(messages[6].ts - messages[5].ts).toBe(60_010_000);
    expect(trace.frames.find((f) => f.lane === 'stderr')?.raw).toBe('weather server listening on stdio');
    expect(trace.frames.filter((f) => f.lane === 'lifecycle').map((f) => f.raw)).toEqual([
      'Initializing server...',
      'Server started and connected successfully',
      'Client transport closed',
    ]);
    // What it makes is a valid trace: written and read back unchanged.
    expect(readTraceText(writeTrace(trace)).frames).toEqual(trace.frames);
  });

  it("reads VS Code's MCP output channel, old and new direction labels alike", () => {
    const text = fixture('vscode-mcp-output.log');
    expect(detectHostLog(text)).toBe('vscode');
    const trace = importHostLog(text, { fileName: 'weather.log', loupeVersion: 't' });
    expect(trace.header.target.name).toBe('weather');
    expect(trace.frames.filter((f) => f.lane === 'message').map((f) => f.dir)).toEqual(['c2s', 's2c', 'c2s', 'c2s', 's2c', 'c2s', 's2c']);
    expect(trace.frames.find((f) => f.lane === 'stderr')?.raw).toBe('weather: debug logging on');
    const renamed = text.replaceAll('[Client Says]', '[editor -> server]').replaceAll('[Server Says]', '[server -> editor]');
    expect(importHostLog(renamed, { loupeVersion: 't' }).frames.map((f) => [f.dir, f.raw])).toEqual(trace.frames.map((f) => [f.dir, f.raw]));
  });

  it('takes one server from a shared mcp.log, and asks which when it holds several', () => {
    const a = fixture('mcp-server-weather.log');
    const b = a.replaceAll('[weather]', '[files]').replaceAll('2025-07-12T05:5', '2025-07-12T06:5');
    const shared = a + b;
    expect(hostLogServers(shared)).toEqual(['weather', 'files']);
    expect(() => importHostLog(shared, { loupeVersion: 't' })).toThrow(/holds 2 servers \(weather, files\): choose one/);
    expect(() => importHostLog(shared, { loupeVersion: 't', server: 'nope' })).toThrow(/no server named "nope"/);
    const files = importHostLog(shared, { loupeVersion: 't', server: 'files' });
    expect(files.header.target.name).toBe('files');
    expect(files.frames.filter((f) => f.lane === 'message')).toHaveLength(7);
    expect(files.frames.every((f) => f.ts >= 0)).toBe(true);
  });

  it('refuses what it cannot read, saying what it expected', () => {
    expect(() => importHostLog('hello\nworld\n', { loupeVersion: 't' })).toThrow(/not a host log Loupe can read/);
    expect(() => importHostLog('2025-03-23 16:37:59.001 [info] Starting server weather\n', { loupeVersion: 't' })).toThrow(/has no message lines/);
  });
});
