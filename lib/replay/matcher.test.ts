import { describe, expect, it } from 'vitest';
import { message } from '../trace/testing';
import { buildReplayScript } from './script';
import { REPLAY_ERRORS, ReplayMatcher } from './matcher';

const init = { protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: { name: 'rec', version: '1' } };
const frames = [
  message(1, 'c2s', { jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-11-25', clientInfo: { name: 'a', version: '1' } } }),
  message(2, 's2c', { jsonrpc: '2.0', id: 0, result: init }),
  message(3, 'c2s', { jsonrpc: '2.0', method: 'notifications/initialized' }),
  message(4, 's2c', { jsonrpc: '2.0', id: 0, method: 'roots/list' }),
  message(5, 'c2s', { jsonrpc: '2.0', id: 0, result: { roots: [] } }),
  message(6, 'c2s', { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'echo', arguments: { text: 'a' }, _meta: { progressToken: 'p1' } } }),
  message(7, 's2c', { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 'p1', progress: 1 } }),
  message(8, 's2c', { jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text: 'a' }] } }),
  message(9, 's2c', { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'after' } }),
  message(10, 'c2s', { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'echo', arguments: { text: 'b' } } }),
  message(11, 's2c', { jsonrpc: '2.0', id: 2, error: { code: -32000, message: 'boom' } }),
];

describe('ReplayMatcher', () => {
  it('answers initialize from the recording with the id the client chose', () => {
    const m = new ReplayMatcher(buildReplayScript(frames));
    const out = m.receive({
      jsonrpc: '2.0',
      id: 'x',
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', clientInfo: { name: 'other', version: '9' } },
    });
    expect(out).toEqual([{ jsonrpc: '2.0', id: 'x', result: init }]);
  });

  it('matches by method and params ignoring ids and key order, and replays notifications around the response', () => {
    const m = new ReplayMatcher(buildReplayScript(frames));
    const out = m.receive({
      jsonrpc: '2.0',
      id: 99,
      method: 'tools/call',
      params: { arguments: { text: 'a' }, name: 'echo', _meta: { progressToken: 'mine' } },
    });
    expect(out).toEqual([
      { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 'mine', progress: 1 } },
      { jsonrpc: '2.0', id: 99, result: { content: [{ type: 'text', text: 'a' }] } },
      { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'after' } },
    ]);
    expect(m.receive({ jsonrpc: '2.0', id: 100, method: 'tools/call', params: { name: 'echo', arguments: { text: 'b' } } })).toEqual([
      { jsonrpc: '2.0', id: 100, error: { code: -32000, message: 'boom' } },
    ]);
  });

  it('replays what followed a client notification, once', () => {
    const m = new ReplayMatcher(buildReplayScript(frames));
    expect(m.receive({ jsonrpc: '2.0', method: 'notifications/initialized' })).toEqual([{ jsonrpc: '2.0', id: 0, method: 'roots/list' }]);
    expect(m.receive({ jsonrpc: '2.0', method: 'notifications/initialized' })).toEqual([]);
    expect(m.receive({ jsonrpc: '2.0', id: 0, result: { roots: [] } })).toEqual([]);
  });

  it('names the closest recorded params for an unrecorded request', () => {
    const m = new ReplayMatcher(buildReplayScript(frames));
    const [err] = m.receive({ jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name: 'echo', arguments: { text: 'c' } } });
    expect(err.error).toMatchObject({ code: REPLAY_ERRORS.paramsNotRecorded });
    expect((err.error as { message: string }).message).toContain(
      'closest recorded params: {"arguments":{"text":"a"},"name":"echo"} (differs at arguments.text)',
    );
    const [none] = m.receive({ jsonrpc: '2.0', id: 6, method: 'prompts/list' });
    expect(none.error).toMatchObject({
      code: REPLAY_ERRORS.methodNotRecorded,
      message: 'Loupe replay: the recording has no prompts/list request; it has: initialize, tools/call',
    });
  });

  it('gives a repeated request its last recorded answer again', () => {
    const m = new ReplayMatcher(buildReplayScript(frames));
    const ask = () => m.receive({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'echo', arguments: { text: 'b' } } });
    expect(ask()).toEqual(ask());
  });

  it('with strict, refuses the first message out of the recorded order and records the deviation', () => {
    const m = new ReplayMatcher(buildReplayScript(frames), { strict: true });
    m.receive({ jsonrpc: '2.0', id: 0, method: 'initialize', params: {} });
    m.receive({ jsonrpc: '2.0', method: 'notifications/initialized' });
    const [err] = m.receive({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'echo', arguments: { text: 'b' } } });
    expect(err.error).toMatchObject({ code: REPLAY_ERRORS.outOfOrder });
    expect(m.deviations).toHaveLength(1);
    expect(m.deviations[0]).toContain('expected request tools/call {"arguments":{"text":"a"},"name":"echo"} (recorded frame 6)');
  });

  it('without strict, the same order difference is answered', () => {
    const m = new ReplayMatcher(buildReplayScript(frames));
    const [res] = m.receive({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'echo', arguments: { text: 'b' } } });
    expect(res.error).toMatchObject({ message: 'boom' });
    expect(m.deviations).toEqual([]);
  });
});
