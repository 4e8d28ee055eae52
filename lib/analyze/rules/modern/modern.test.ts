import { describe, expect, it } from 'vitest';
import { analyze } from '../../engine';
import { script } from '../../testing';
import { HttpScript } from '../../cases/http-script';
import { discovered, ok, withMeta } from '../../cases/modern';
import { note, req, res } from '../../cases/types';

const INFO = { 'io.modelcontextprotocol/serverInfo': { name: 's', version: '1' } };
const tag = { 'io.modelcontextprotocol/subscriptionId': 7 };

describe('a well-behaved modern session', () => {
  it('draws no finding on stdio: discover, a listing, a multi-round-trip call, a listen stream, a log message asked for', () => {
    const s = discovered()
      .c(req(2, 'tools/list', withMeta()))
      .s(ok(2, { tools: [{ name: 'a', inputSchema: { type: 'object' } }], ttlMs: 0, cacheScope: 'private' }))
      .c(req(3, 'tools/call', withMeta({ name: 'a' }, { elicitation: {} }, { 'io.modelcontextprotocol/logLevel': 'info' })))
      .s(note('notifications/message', { level: 'info', data: 'thinking' }))
      .s(
        res(3, {
          resultType: 'input_required',
          inputRequests: {
            who: { method: 'elicitation/create', params: { mode: 'form', message: 'Who?', requestedSchema: { type: 'object', properties: {} } } },
          },
          requestState: 'st-1',
          _meta: INFO,
        }),
      )
      .c(req(4, 'tools/call', withMeta({ name: 'a', inputResponses: { who: { action: 'accept', content: {} } }, requestState: 'st-1' }, { elicitation: {} })))
      .s(ok(4, { content: [{ type: 'text', text: 'done' }] }))
      .c(req(7, 'subscriptions/listen', withMeta({ notifications: { toolsListChanged: true } })))
      .s(note('notifications/subscriptions/acknowledged', { notifications: { toolsListChanged: true }, _meta: tag }))
      .s(note('notifications/tools/list_changed', { _meta: tag }));
    const { annotations, state } = analyze(s.frames);
    expect(annotations.filter((a) => a.severity !== 'info')).toEqual([]);
    expect(state.rounds.logicalCallOf(8)?.rounds).toEqual([5, 8]);
    expect(state.listens.all[0]).toMatchObject({ requestSeq: 10, ackSeq: 11, notifications: [11, 12] });
  });

  it('draws no finding over Streamable HTTP with its headers mirrored', () => {
    const h = (method: string, extra: Record<string, string> = {}) => ({
      Accept: 'application/json, text/event-stream',
      'Content-Type': 'application/json',
      'MCP-Protocol-Version': '2026-07-28',
      'Mcp-Method': method,
      ...extra,
    });
    const s = new HttpScript()
      .exchange({
        headers: h('server/discover'),
        body: req(1, 'server/discover', withMeta()),
        type: 'application/json',
        answers: [{ body: ok(1, { supportedVersions: ['2026-07-28'], capabilities: { tools: {} }, ttlMs: 0, cacheScope: 'public' }) }],
      })
      .exchange({
        headers: h('tools/call', { 'Mcp-Name': 'a' }),
        body: req(2, 'tools/call', withMeta({ name: 'a' })),
        type: 'application/json',
        answers: [{ body: ok(2, { content: [] }) }],
      });
    expect(analyze(s.frames).annotations.filter((a) => a.severity !== 'info')).toEqual([]);
  });

  it('leaves a legacy session to the legacy rules', () => {
    const s = script()
      .handshake({ server: { tools: {}, logging: {} } })
      .c(req(1, 'tools/call', { name: 'a' }))
      .s(note('notifications/message', { level: 'info', data: 'x' }))
      .s(res(1, { content: [] }));
    expect(analyze(s.frames).annotations.filter((a) => a.group === 'modern')).toEqual([]);
  });
});
