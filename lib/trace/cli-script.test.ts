import { describe, expect, it } from 'vitest';
import { MASKED_VALUE, type Connection } from '../wire/connection';
import { cliScript, shellQuote } from './cli-script';

const stdio: Connection = {
  id: 'w',
  name: 'weather',
  transport: 'stdio',
  command: 'node',
  args: ['server.js', 'it’s here'],
  env: { API_KEY: MASKED_VALUE, REGION: 'eu west' },
};
const base = { protocolVersion: '2025-11-25', clientCapabilities: { roots: {} } };

describe('shellQuote', () => {
  it("leaves plain words bare and single-quotes the rest, a quote as '\\''", () => {
    expect(shellQuote('--out')).toBe('--out');
    expect(shellQuote('/usr/bin/node')).toBe('/usr/bin/node');
    expect(shellQuote('a b')).toBe("'a b'");
    expect(shellQuote("it's")).toBe("'it'\\''s'");
    expect(shellQuote('$(rm -rf ~) `x` \\ "q" *')).toBe('\'$(rm -rf ~) `x` \\ "q" *\'');
    expect(shellQuote('')).toBe("''");
  });
});

describe('cliScript', () => {
  it('reproduces the handshake options and the requests with loupe record', () => {
    const { text } = cliScript({
      ...base,
      connection: stdio,
      timeoutMs: 5000,
      requests: [{ method: 'tools/call', params: { name: 'echo', arguments: { message: "it's $HOME" } } }],
    });
    expect(text).toMatch(/^#!\/bin\/sh\n/);
    expect(text).toContain(
      `\nnpx --yes mcp-loupe record --out loupe-replay.ndjson --protocol-version 2025-11-25 --client-capabilities '{"roots":{}}' --timeout 5000 --script -`,
    );
    expect(text).toContain(
      ` -- node server.js 'it’s here' <<'LOUPE_SCRIPT'\n[{"method":"tools/call","params":{"name":"echo","arguments":{"message":"it's $HOME"}}}]\nLOUPE_SCRIPT\n`,
    );
    // Nothing but the shell and Loupe: no temporary file, no other program on the PATH.
    expect(text).not.toMatch(/mktemp|\bcat\b|\brm\b/);
    expect(text).toContain(`--env 'REGION=eu west'`);
  });

  it('calls Loupe as the proxy says it was installed, each word quoted', () => {
    const { text } = cliScript({ ...base, connection: stdio, requests: [{ method: 'ping' }], loupeCommand: ['node', "/home/ada/my tools/it's/bin/loupe.mjs"] });
    expect(text).toContain(`\nnode '/home/ada/my tools/it'\\''s/bin/loupe.mjs' record --out loupe-replay.ndjson `);
    expect(text).not.toContain('npx');
  });

  it('never writes a secret: masked values and known patterns become markers, and it says which', () => {
    const { text, redacted } = cliScript({
      ...base,
      connection: stdio,
      requests: [{ method: 'tools/call', params: { name: 'x', arguments: { token: 'ghp_0123456789abcdefghijABCDEFGHIJ012345' } } }],
    });
    expect(text).toContain(`--env 'API_KEY=«redacted:env:API_KEY»'`);
    expect(text).not.toContain('ghp_0123456789');
    expect(redacted[0]).toBe('env:API_KEY');
    expect(redacted.length).toBe(2);
    expect(text).toContain('# Redacted (put the real values back before running): env:API_KEY');
  });

  it('a tool argument under a secret-looking name is redacted by its name, as in every export; the JSON stays valid', () => {
    const { text, redacted } = cliScript({
      ...base,
      connection: stdio,
      requests: [{ method: 'tools/call', params: { name: 'login', arguments: { user: 'ada', password: 'pw-plain-words', note: 'token=tk-0a1b2c3d' } } }],
    });
    expect(text).not.toContain('pw-plain-words');
    expect(text).not.toContain('tk-0a1b2c3d');
    const json = text.split("<<'LOUPE_SCRIPT'\n")[1].split('\nLOUPE_SCRIPT')[0];
    expect(JSON.parse(json)[0].params.arguments).toEqual({ user: 'ada', password: '«redacted:secret-field»', note: 'token=«redacted:secret-assignment»' });
    expect(redacted).toEqual(expect.arrayContaining(['secret-field', 'secret-assignment']));
  });

  it('a connection named after its URL: the comment line holds its secret query value masked', () => {
    const url = 'https://mcp.example.com/mcp?api_key=qk-5a6b7c8d9e';
    const http: Connection = { id: 'h', name: url, transport: 'http', url, headers: {}, mode: 'auto' };
    const { text } = cliScript({ ...base, connection: http, requests: [{ method: 'ping' }] });
    expect(text).not.toContain('qk-5a6b7c8d9e');
    expect(text).toContain('on https://mcp.example.com/mcp?api_key=«redacted:url:api_key» with the loupe CLI');
  });

  it('an HTTP connection: --url, masked headers as markers, the transport when it is not auto', () => {
    const http: Connection = {
      id: 'h',
      name: 'remote',
      transport: 'http',
      url: 'https://mcp.example.com/mcp',
      headers: { Authorization: MASKED_VALUE },
      mode: 'sse',
    };
    const { text, redacted } = cliScript({ ...base, connection: http, requests: [{ method: 'ping' }] });
    expect(text).toContain(`--url https://mcp.example.com/mcp --header 'Authorization: «redacted:header:authorization»' --mode sse`);
    expect(redacted).toEqual(['header:authorization']);
    expect(text).toContain('[{"method":"ping"}]');
  });
});
