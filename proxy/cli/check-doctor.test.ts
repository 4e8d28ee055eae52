/**
 * `loupe check` says which layer of a connection failed before anything else, against fixture
 * servers that each fail at one layer (e2e/fixtures/servers/doctor-*.mjs, http-doctor.mjs): in the
 * text report, in the JSON's `doctor`, and on stderr when the check could not run at all.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fixture, runCli, tempDir } from './shared/run-cli';
import { startFixture, type RunningServer } from '../transports/http/testing';

interface DoctorJson {
  culprit: string | null;
  summary: string;
  layers: Array<{ layer: string; status: string; evidence: Array<{ seqs: number[]; what: string; next: string; rule?: string }> }>;
}

const doctorOf = (stdout: string): DoctorJson => (JSON.parse(stdout) as { doctor: DoctorJson }).doctor;
const failed = (d: DoctorJson) => d.layers.filter((l) => l.status === 'failed').map((l) => l.layer);

describe('loupe check names the layer that failed', () => {
  it('prints the verdict first in the text report: framing, for a banner on stdout', async () => {
    const r = await runCli(['check', '--', ...fixture('bad-banner')]);
    const lines = r.stdout.split('\n');
    expect(lines[0]).toMatch(/^loupe check: /);
    expect(lines[2]).toBe(
      'Doctor: Framing failed: a non-JSON line on the server\'s stdout: "Fixture server 1.0 ready, waiting for a client..."; move logs to stderr',
    );
    expect(lines[5]).toBe('  ✗ Framing                failed');
    expect(lines[6]).toMatch(/^ {6}frame #\d+ {2}stdio\.non-json-line/);
    expect(lines[7]).toBe('      next: Move logs to stderr: stdout carries JSON-RPC messages only, one per line.');
    expect(r.stdout.indexOf('Doctor:')).toBeLessThan(r.stdout.indexOf('Errors (1)'));
    expect(r.code).toBe(1);
  }, 60_000);

  it('names JSON-RPC in the JSON output when initialize is answered under another id', async () => {
    const r = await runCli(['check', '--format', 'json', '--timeout', '2000', '--', ...fixture('doctor-wrong-id')]);
    const doctor = doctorOf(r.stdout);
    expect(doctor.culprit).toBe('jsonrpc');
    const jsonrpc = doctor.layers.find((l) => l.layer === 'jsonrpc')!;
    expect(jsonrpc.evidence.map((e) => e.rule)).toEqual(['jsonrpc.unknown-response', 'timing.no-response']);
    expect(jsonrpc.evidence[0].next).toMatch(/id of the request, unchanged/);
    expect(doctor.layers.find((l) => l.layer === 'lifecycle')!.status).toBe('not-reached');
    expect(r.code).toBe(1);
  }, 60_000);

  it('names the lifecycle for a version no revision has, and the tool for an isError result', async () => {
    const version = doctorOf((await runCli(['check', '--format', 'json', '--', ...fixture('doctor-unknown-version')])).stdout);
    expect(failed(version)).toEqual(['lifecycle']);
    const script = path.join(tempDir(), 'call.json');
    writeFileSync(script, JSON.stringify([{ method: 'tools/call', params: { name: 'echo', arguments: { message: 'hi' } } }]));
    const r = await runCli(['check', '--format', 'json', '--script', script, '--', ...fixture('doctor-tool-error')]);
    const tool = doctorOf(r.stdout);
    expect(failed(tool)).toEqual(['tool']);
    expect(tool.summary).toBe('Tool failed: tool "echo" answered with isError: upstream weather API answered 503 Service Unavailable');
    // The tool's own failure breaks no rule of the protocol: the check passes.
    expect(r.code).toBe(0);
  }, 60_000);

  it('names capabilities/schema for -32602', async () => {
    const d = doctorOf((await runCli(['check', '--format', 'json', '--', ...fixture('doctor-invalid-params')])).stdout);
    expect(failed(d)).toEqual(['capabilities']);
    expect(d.layers.find((l) => l.layer === 'capabilities')!.evidence[0].what).toMatch(/refused tools\/list with -32602 Invalid params/);
  }, 60_000);

  it('says on stderr which layer stopped a check that could not run: a command that does not exist, a server that exits at once', async () => {
    const absent = await runCli(['check', '--', '/nonexistent/acme-mcp-server']);
    expect(absent.code).toBe(2);
    expect(absent.stdout).toBe('');
    expect(absent.stderr).toMatch(/^Doctor: Start-up \/ process failed: cannot start "\/nonexistent\/acme-mcp-server": command not found \(ENOENT\)/m);
    expect(absent.stderr).toContain('stdio.spawn-failed');
    expect(absent.stderr).toMatch(/next: Give the command as an absolute path/);
    expect(absent.stderr.indexOf('Doctor:')).toBeLessThan(absent.stderr.indexOf('could not run'));

    const exits = await runCli(['check', '--', ...fixture('doctor-exits-at-once')]);
    expect(exits.code).toBe(2);
    expect(exits.stderr).toContain(
      'Doctor: Start-up / process failed: the server process exited with code 1 while the session was open; its stderr says: Error: cannot read the configuration /etc/acme-mcp/config.json: no such file or directory',
    );
    expect(exits.stderr).toMatch(/· Transport +not reached/);
  }, 60_000);
});

describe('loupe check names the layer of an HTTP server that fails', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startFixture('http-doctor');
  });
  afterAll(async () => {
    await server?.stop();
  });
  const url = (name: string) => server.url.replace(/\/mcp$/, `/${name}/mcp`);

  it('the transport, for a Content-Type that is neither JSON nor SSE', async () => {
    const r = await runCli(['check', '--format', 'json', '--url', url('content-type')]);
    const d = doctorOf(r.stdout);
    expect(d.culprit).toBe('transport');
    expect(d.layers.find((l) => l.layer === 'transport')!.evidence[0].rule).toBe('http.content-type');
  }, 60_000);

  it('the transport, for an Origin refusal (403), a 400 to the negotiated version header, a 401 without a challenge', async () => {
    const origin = await runCli(['check', '--url', url('origin')]);
    expect(origin.code).toBe(2);
    expect(origin.stderr).toMatch(/^Doctor: Transport failed: the POST of initialize to \S+ was answered 403 Forbidden: .*Origin not allowed/m);
    expect(origin.stderr).toMatch(/next: If the server validates Origin .* refused a request without an Origin/);

    // The handshake got as far as notifications/initialized: the check could not run, and says why.
    const version = await runCli(['check', '--url', url('version-header')]);
    expect(version.code).toBe(2);
    expect(version.stderr).toMatch(/^Doctor: Transport failed: the POST of notifications\/initialized to \S+ was answered 400 Bad Request/m);
    expect(version.stderr).toMatch(/next: The server refused MCP-Protocol-Version 2025-11-25, a version it selected in initialize/);

    const unchallenged = await runCli(['check', '--url', url('no-challenge')]);
    expect(unchallenged.stderr).toMatch(/^Doctor: Transport failed: POST \S+ was answered 401 without WWW-Authenticate/m);
    expect(unchallenged.stderr).toContain('auth.challenge-missing');
  }, 90_000);

  it('the transport, for a POST whose SSE stream ends without the answer', async () => {
    // No --timeout: the stream's end, with no event id to resume from, fails the handshake at once.
    const r = await runCli(['check', '--url', url('no-answer')]);
    expect(r.stderr).toMatch(/^Doctor: Transport failed: the POST of initialize was answered 200 text\/event-stream, and its body ended without the answer/m);
    expect(r.stderr).toContain('no event id to resume from: the request fails now');
  }, 60_000);
});
