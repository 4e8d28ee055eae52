import { describe, expect, it } from 'vitest';
import { analyze } from '../index';
import { req, res } from '../cases/types';
import { script } from '../testing';

const slow = (frames: ReturnType<typeof script>['frames']) => analyze(frames, { slowMs: 1000 }).annotations.filter((a) => a.rule === 'timing.slow');

describe('timing.slow names the peer that answered', () => {
  it('the server, for a request of the client', () => {
    const [a] = slow(
      script()
        .handshake({ server: { tools: {} } })
        .c(req(1, 'tools/list'))
        .s(res(1, { tools: [] }), 2_000_000).frames,
    );
    expect(a.message).toBe('the server took 2000 ms to answer tools/list (slow threshold 1000 ms)');
  });

  it('the client, for a request of the server, never the server', () => {
    const [a] = slow(
      script()
        .handshake({ client: { roots: {} } })
        .s(req(1, 'roots/list'))
        .c(res(1, { roots: [] }), 2_000_000).frames,
    );
    expect(a.message).toBe("the client took 2000 ms to answer the server's roots/list (slow threshold 1000 ms)");
  });

  it("never charges a person's answer to the server's own request, nor the call that waited for it", () => {
    const frames = script()
      .handshake({ client: { sampling: {} }, server: { tools: {} } })
      .c(req(1, 'tools/call', { name: 'a' }))
      .s(req(7, 'sampling/createMessage', { messages: [{ role: 'user', content: { type: 'text', text: 'hi' } }], maxTokens: 10 }))
      .c(res(7, { role: 'assistant', content: { type: 'text', text: 'ok' }, model: 'person' }), 15_333_000)
      .s(res(1, { content: [] }), 2_000_000).frames;
    const found = slow(frames);
    expect(found.map((a) => a.message)).toEqual([
      'the server took 2001 ms of its own (17334 ms in all, 15333 ms of them waiting for the client to answer its requests) to answer tools/call (slow threshold 1000 ms)',
    ]);
  });

  it('links the section on long-running operations, not the timeouts of timing.no-response', () => {
    const [a] = slow(
      script()
        .handshake({ server: { tools: {} } })
        .c(req(1, 'tools/list'))
        .s(res(1, { tools: [] }), 2_000_000).frames,
    );
    expect(a.spec).toBe('https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/progress');
    const late = analyze(
      script()
        .handshake({ server: { tools: {} } })
        .c(req(1, 'tools/list'))
        .c(req(2, 'ping'), 2_000_000).frames,
      { timeoutMs: 1000 },
    ).annotations.find((x) => x.rule === 'timing.no-response');
    expect(late?.spec).toBe('https://modelcontextprotocol.io/specification/2025-11-25/basic/lifecycle#timeouts');
    expect(late?.message).toBe('the server did not answer tools/list (id 1) within the 1000 ms timeout');
  });
});
