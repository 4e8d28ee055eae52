import { describe, expect, it } from 'vitest';
import { loadTraceFile, traceUrlFromSearch } from './loadTrace';
import goldenV0 from '../../e2e/golden/everything-stdio.v0.loupe.ndjson?raw';
import inspectorExport from '../../e2e/fixtures/inspector/inspector-protocol-everything-2026-09-03T14-21-09.482Z.json?raw';

describe('loading a trace in the page', () => {
  it('opens a File, migrating an old format', async () => {
    const r = await loadTraceFile(new File([goldenV0], 'old.loupe.ndjson'));
    expect(r.ok && r.trace.frames.length).toBe(30);
  });

  it('refuses a bad File with its line and reason', async () => {
    const text = goldenV0
      .split('\n')
      .map((l, i) => (i === 6 ? '{nope' : l))
      .join('\n');
    const r = await loadTraceFile(new File([text], 'bad.ndjson'));
    expect(r).toEqual({ ok: false, name: 'bad.ndjson', error: expect.stringMatching(/^line 7: not valid JSON/) });
  });

  it("opens the MCP Inspector's Protocol export as a trace, not as lines of JSON", async () => {
    const r = await loadTraceFile(new File([inspectorExport], 'inspector-protocol-everything-2026-09-03T14-21-09.482Z.json'));
    expect(r.ok && r.trace.header.importedFrom?.kind).toBe('mcp-inspector');
    expect(r.ok && r.trace.frames.length).toBe(26);
  });

  it('refuses other JSON with what Loupe reads; a bad trace keeps its own reason', async () => {
    const r = await loadTraceFile(new File(['{\n  "log": { "entries": [] }\n}\n'], 'session.har'));
    expect(r).toEqual({
      ok: false,
      name: 'session.har',
      error: expect.stringMatching(/^this is a HAR file .* Loupe opens its own traces .* the MCP Inspector’s Protocol export/),
    });
    const future = await loadTraceFile(new File(['{"format":"loupe-trace","version":99}\n'], 'future.loupe.ndjson'));
    expect(future.ok === false && future.error).toMatch(/^line 1: /);
  });

  it('accepts only http(s) trace URLs', () => {
    expect(traceUrlFromSearch('?trace=/traces/a.ndjson', 'http://127.0.0.1:3000/')?.href).toBe('http://127.0.0.1:3000/traces/a.ndjson');
    expect(traceUrlFromSearch('?trace=javascript:alert(1)', 'http://127.0.0.1:3000/')).toBeUndefined();
    expect(traceUrlFromSearch('?x=1', 'http://127.0.0.1:3000/')).toBeUndefined();
  });
});
