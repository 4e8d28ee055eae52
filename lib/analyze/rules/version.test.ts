import { describe, expect, it } from 'vitest';
import { analyze } from '../index';
import { req, res } from '../cases/types';
import { script } from '../testing';

const outputSchemaIn = (version: string) =>
  analyze(
    script()
      .handshake({ version, server: { tools: {} } })
      .c(req(1, 'tools/list'))
      .s(res(1, { tools: [{ name: 'a', title: 'A', inputSchema: { type: 'object' }, icons: [] }] })).frames,
  ).annotations.filter((a) => a.rule === 'version.feature-not-in-version');

describe('version.feature-not-in-version', () => {
  it('is a warning where the spec says SHOULD respect the negotiated version (up to 2025-03-26)', () => {
    const [a] = outputSchemaIn('2025-03-26');
    expect(a.severity).toBe('warning');
    expect(a.spec).toBe('https://modelcontextprotocol.io/specification/2025-03-26/basic/lifecycle#operation');
  });

  it('is an error where the spec says MUST (from 2025-06-18)', () => {
    const [a] = outputSchemaIn('2025-06-18');
    expect(a.severity).toBe('error');
    expect(a.message).toBe('`icons` on tool "a" (from 2025-11-25): not in 2025-06-18, the version of this session');
  });

  it('names every field the version lacks, on the response and its request', () => {
    const [a] = outputSchemaIn('2024-11-05');
    expect(a.message).toBe('`title` on tool "a" (from 2025-06-18), `icons` on tool "a" (from 2025-11-25): not in 2024-11-05, the version of this session');
    expect(a.frames).toEqual([5, 4]);
  });

  it('names only the outermost capability the version lacks', () => {
    const frames = script().c(
      req(0, 'initialize', {
        protocolVersion: '2025-06-18',
        capabilities: { tasks: { list: {}, requests: { sampling: { createMessage: {} } } }, elicitation: { form: {} } },
        clientInfo: { name: 'c', version: '1' },
      }),
    ).frames;
    const [a] = analyze(frames).annotations.filter((x) => x.rule === 'version.feature-not-in-version');
    expect(a.message).toBe(
      'the `elicitation.form` client capability (from 2025-11-25), the `tasks` client capability (from 2025-11-25): not in 2025-06-18, the version of this session',
    );
  });

  it("never judges a client's named extensions, only the known features beside them", () => {
    const caps = { elicitation: {}, extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } } };
    const frames = script().c(req(0, 'initialize', { protocolVersion: '2025-03-26', capabilities: caps, clientInfo: { name: 'c', version: '1' } })).frames;
    const found = analyze(frames).annotations.filter((x) => x.rule === 'version.feature-not-in-version');
    expect(found.map((a) => a.message)).toEqual(['the `elicitation` client capability (from 2025-06-18): not in 2025-03-26, the version of this session']);
  });
});
