import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { EVERYTHING, ROOT, fixture, runCli, runCliProcess, tempDir } from './shared/run-cli';
import { xmlElementNames } from './check/xml-well-formed';
import { startFixture } from '../transports/http/testing';
import { EXPECTED_RULES } from '../../e2e/fixtures/servers/expected-rules';

interface JsonReport {
  annotations: Array<{ rule: string; severity: string; group: string; frame: number; message: string; spec: string }>;
  baselined: unknown[];
}

const TOUR = path.join(ROOT, 'scripts/bench/everything-tour.json');

describe('loupe check against misbehaving servers', () => {
  it.each(EXPECTED_RULES)(
    '$name is caught as $rule',
    async ({ name, rule, severity, script }) => {
      const args = ['check', '--format', 'json', '--fail-on', severity, '--timeout', '5000'];
      if (script) {
        const file = path.join(tempDir(), 'script.json');
        writeFileSync(file, JSON.stringify(script));
        args.push('--script', file);
      }
      const r = await runCli([...args, '--', ...fixture(name)]);
      const report: JsonReport = JSON.parse(r.stdout);
      const found = report.annotations.find((a) => a.rule === rule);
      expect(found, `${rule} in ${r.stdout}`).toMatchObject({ severity, frame: expect.any(Number), spec: expect.stringContaining('modelcontextprotocol.io') });
      // The one misbehaviour is the only finding at that level: the rest of the server is correct.
      expect(report.annotations.filter((a) => a.severity !== 'info').map((a) => a.rule)).toEqual([rule]);
      expect(r.code).toBe(1);
    },
    60_000,
  );

  it('passes a warning-only server under the default --fail-on error (the built binary)', async () => {
    const r = await runCliProcess(['check', '--', ...fixture('bad-request-before-initialized')]);
    expect(r.stdout).toContain('lifecycle.server-request-before-initialized');
    expect(r.code).toBe(0);
  }, 60_000);
});

describe('loupe check against server-everything', () => {
  it('finds no error in a session that touches every feature', async () => {
    const dir = tempDir();
    const trace = path.join(dir, 'tour.ndjson');
    const rec = await runCli(['record', '--script', TOUR, '--out', trace, '--', ...EVERYTHING]);
    expect(rec.code).toBe(0);
    const r = await runCli(['check', '--format', 'json', trace]);
    const report: JsonReport = JSON.parse(r.stdout);
    expect(report.annotations.filter((a) => a.severity === 'error')).toEqual([]);
    expect(r.code).toBe(0);

    // The same trace in the other formats: text names frames, JUnit is well-formed, SARIF points into the file.
    const text = await runCli(['check', trace]);
    expect(text.stdout).toMatch(/frame #\d+ {2}stdio\.stderr/);
    const junit = await runCli(['check', '--format', 'junit', trace]);
    const elements = xmlElementNames(junit.stdout);
    expect(elements[0]).toBe('testsuites');
    expect(elements.filter((e) => e === 'testcase')).toHaveLength(report.annotations.length);
    expect(elements).not.toContain('failure');
    const sarif = JSON.parse((await runCli(['check', '--format', 'sarif', trace])).stdout);
    expect(sarif.version).toBe('2.1.0');
    expect(sarif.runs[0].results).toHaveLength(report.annotations.length);
    const lines = readFileSync(trace, 'utf8').split('\n');
    for (const result of sarif.runs[0].results) {
      const line = lines[result.locations[0].physicalLocation.region.startLine - 1];
      expect(JSON.parse(line).seq).toBe(result.properties.frames[0]);
    }
  }, 180_000);
});

/** A free loopback port: listen on 0, note it, let it go. */
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

describe('loupe check against server-everything over Streamable HTTP', () => {
  it('records over --url, and --probe finds what the server lets through', async () => {
    const port = await freePort();
    const server = spawn(process.execPath, [EVERYTHING[1], 'streamableHttp'], {
      env: { ...process.env, PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      await new Promise<void>((resolve, reject) => {
        setTimeout(() => reject(new Error('server-everything did not start listening within 60 s')), 60_000);
        for (const stream of [server.stdout!, server.stderr!]) stream.on('data', (d) => String(d).includes('listening') && resolve());
        server.once('exit', (code) => reject(new Error(`server-everything exited with ${code}`)));
      });
      const url = `http://127.0.0.1:${port}/mcp`;
      const plain = await runCli(['check', '--format', 'json', '--url', url]);
      const report: JsonReport = JSON.parse(plain.stdout);
      expect(report.annotations.filter((a) => a.severity === 'error')).toEqual([]);
      expect(plain.code).toBe(0);
      const probed = await runCli(['check', '--format', 'json', '--probe', '--url', url]);
      const rules = (JSON.parse(probed.stdout) as JsonReport).annotations.map((a) => a.rule);
      // server-everything accepts any Origin (the README lists this finding).
      expect(rules).toContain('http.origin-not-validated');
      expect(probed.code).toBe(1);
    } finally {
      server.kill();
    }
  }, 180_000);
});

describe('loupe check when the handshake is refused', () => {
  // Exit 2 is "could not run": none of these servers' MCP behaviour was judged, so none passed.
  it('exits 2 when the server answers initialize with a JSON-RPC error', async () => {
    const r = await runCli(['check', '--', ...fixture('bad-initialize-error')]);
    expect(r.stderr).toContain('could not run: the handshake was refused: the server answered initialize with error -32602: "Unsupported protocol version"');
    expect(r.stdout).not.toContain('passed');
    expect(r.code).toBe(2);
  }, 60_000);

  it('exits 2 on HTTP 401, naming the challenge, and checks the server once given the token', async () => {
    const server = await startFixture('http-needs-token');
    try {
      const refused = await runCli(['check', '--url', server.url]);
      expect(refused.stderr).toMatch(
        /could not run: the handshake was refused: the server answered the initialize POST with HTTP 401 Unauthorized: the server wants credentials \(WWW-Authenticate: Bearer error="invalid_token".*--header 'Authorization: Bearer/,
      );
      expect(refused.stdout).toBe('');
      expect(refused.code).toBe(2);
      const admitted = await runCli(['check', '--header', 'Authorization: Bearer let-me-in', '--url', server.url]);
      expect(admitted.stdout).toContain('passed');
      expect(admitted.code).toBe(0);
    } finally {
      await server.stop();
    }
  }, 60_000);

  it('exits 2 when nothing listens on the port', async () => {
    const r = await runCli(['check', '--url', `http://127.0.0.1:${await freePort()}/mcp`]);
    expect(r.stderr).toMatch(/could not run: could not reach the server: .*ECONNREFUSED/);
    expect(r.code).toBe(2);
  }, 60_000);
});

describe('loupe check options', () => {
  it('accepts the findings of a baseline and fails on new ones', async () => {
    const dir = tempDir();
    const first = await runCli(['check', '--format', 'json', '--', ...fixture('bad-banner')]);
    expect(first.code).toBe(1);
    const baseline = path.join(dir, 'baseline.json');
    writeFileSync(baseline, first.stdout);
    const again = await runCli(['check', '--format', 'json', '--baseline', baseline, '--', ...fixture('bad-banner')]);
    const report: JsonReport = JSON.parse(again.stdout);
    expect(report.annotations.filter((a) => a.severity === 'error')).toEqual([]);
    expect(report.baselined.length).toBeGreaterThan(0);
    expect(again.code).toBe(0);
    const other = await runCli(['check', '--baseline', baseline, '--', ...fixture('bad-boolean-id')]);
    expect(other.stdout).toContain('jsonrpc.id-type');
    expect(other.code).toBe(1);
  }, 60_000);

  it('refuses bad usage and unreadable input with exit 2 and a clear message', async () => {
    const dir = tempDir();
    const notTrace = path.join(dir, 'not-a-trace.ndjson');
    writeFileSync(notTrace, '{"hello":"world"}\n');
    const cases: Array<[string[], RegExp]> = [
      [['check'], /nothing to check/],
      [['check', '--probe', '--', 'node', 'x'], /--probe tests an HTTP server/],
      [['check', '--url', 'ftp://x', '--', 'node'], /either a server command after -- or --url/],
      [['check', '--url', 'notaurl'], /is not a URL/],
      [['check', '--format', 'xml', 'x.ndjson'], /--format must be one of text, json, junit, sarif; got 'xml'/],
      [['check', '--fail-on', 'fatal', 'x.ndjson'], /--fail-on must be one of error, warning, info/],
      [['check', 'a.ndjson', 'b.ndjson'], /one trace file at a time/],
      [['check', 'x.ndjson', '--', 'node', 'server.js'], /either a trace FILE or a server/],
      [['check', '--timeout', '5', 'x.ndjson'], /client options .* apply to a live server/],
      [['check', '/nonexistent/trace.ndjson'], /cannot read \/nonexistent\/trace.ndjson \(ENOENT\)/],
      [['check', notTrace], /is not a trace Loupe can read: /],
      [['check', '--baseline', notTrace, '--', 'node', 'x'], /has no "annotations" array/],
    ];
    for (const [args, message] of cases) {
      const r = await runCli(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr, args.join(' ')).toMatch(message);
    }
  }, 180_000);
});
