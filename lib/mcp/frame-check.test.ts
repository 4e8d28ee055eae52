import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FrameSchema, type Frame } from './frame';
import { checkFrame, isFrame, isPlainStdioMessage } from './frame-check';
import { validFrames } from './schema-arbitrary';

const frames = validFrames();

const response = {
  seq: 2,
  ts: 5000,
  dir: 's2c',
  lane: 'http',
  raw: 'HTTP/1.1 200 OK\r\n\r\n',
  size: 19,
  meta: { transport: 'http', phase: 'response', exchange: 1, stream: 'post', status: 200, statusText: 'OK', headers: [['content-type', 'application/json']] },
};

/** Replaces the value at a random place of a frame (or adds a field), so most results are wrong. */
function mutate(frame: Frame, pick: number, value: unknown, addKey: boolean): unknown {
  const copy = JSON.parse(JSON.stringify(frame)) as Record<string, unknown>;
  const holders: Record<string, unknown>[] = [copy];
  for (let i = 0; i < holders.length; i++)
    for (const v of Object.values(holders[i])) if (typeof v === 'object' && v !== null) holders.push(v as Record<string, unknown>);
  const holder = holders[pick % holders.length];
  const keys = Object.keys(holder);
  holder[addKey || keys.length === 0 ? 'extra' : keys[pick % keys.length]] = value;
  return copy;
}

describe('the frame contract', () => {
  it('accepts every frame the schema describes, unchanged, and after a JSON round trip', () => {
    fc.assert(
      fc.property(frames, (f) => {
        const back = JSON.parse(JSON.stringify(f));
        const r = checkFrame(back);
        expect(r).toEqual({ ok: true, frame: back });
        expect(isFrame(f)).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });

  it('has a fast guard that agrees with the zod schema on broken frames', () => {
    const anyValue = fc.oneof(
      fc.constant(null),
      fc.integer({ min: -2, max: 3 }),
      fc.double(),
      fc.string({ maxLength: 4 }),
      fc.boolean(),
      fc.constant([]),
      fc.constant({}),
      fc.constant(['a', 'b']),
    );
    fc.assert(
      fc.property(frames, fc.nat(), anyValue, fc.boolean(), (f, pick, value, addKey) => {
        const broken = mutate(f, pick, value, addKey);
        const zod = FrameSchema.safeParse(broken).success;
        expect(isFrame(broken)).toBe(zod);
      }),
      { numRuns: 5000 },
    );
  });

  it('refuses a wrong meta field and names the frame and the field', () => {
    expect(checkFrame(response).ok).toBe(true);
    expect(checkFrame({ ...response, meta: { ...response.meta, status: '200' } })).toEqual({
      ok: false,
      problem: 'frame 2: meta.status is "200", expected number',
    });
    expect(checkFrame({ ...response, meta: { ...response.meta, sttus: 200 } })).toEqual({
      ok: false,
      problem: 'frame 2: meta.sttus: this field is not part of meta',
    });
    expect(checkFrame({ ...response, meta: { ...response.meta, headers: { 'content-type': 'application/json' } } })).toEqual({
      ok: false,
      problem: 'frame 2: meta.headers is {"content-type":"application/json"}, expected array',
    });
    // A field of another phase is refused too: `probe` belongs to a probe's request and end.
    expect(checkFrame({ ...response, meta: { ...response.meta, probe: 'origin' } })).toEqual({
      ok: false,
      problem: 'frame 2: meta.probe: this field is not part of meta',
    });
    expect(checkFrame({ ...response, meta: { ...response.meta, phase: 'reply' } }).ok).toBe(false);
    expect(checkFrame({ ...response, meta: { ...response.meta, phase: 'reply' } })).toMatchObject({
      problem: expect.stringMatching(/^frame 2: meta\.phase is "reply": /),
    });
  });

  it('keeps each lane to its own meta', () => {
    const spawn = { transport: 'stdio', event: 'spawn', pid: 7, command: 'node', args: [] };
    expect(checkFrame({ seq: 1, ts: 0, dir: 'local', lane: 'lifecycle', raw: 'spawn', size: 0, meta: spawn }).ok).toBe(true);
    expect(checkFrame({ seq: 1, ts: 0, dir: 's2c', lane: 'message', raw: '{}', size: 2, meta: spawn })).toEqual({
      ok: false,
      problem: 'frame 1: meta.event, meta.pid, meta.command, meta.args: these fields are not part of meta',
    });
    expect(checkFrame({ ...response, lane: 'stderr' })).toMatchObject({ ok: false, problem: expect.stringMatching(/^frame 2: meta\.transport is "http"/) });
  });

  it('admits frames Loupe did not record itself: no meta, or HTTP messages without their exchange', () => {
    expect(checkFrame({ seq: 1, ts: 0, dir: 'c2s', lane: 'message', raw: '{}', size: 2 }).ok).toBe(true);
    expect(checkFrame({ seq: 1, ts: 0, dir: 'c2s', lane: 'message', raw: '{}', size: 2, meta: { transport: 'http' } }).ok).toBe(true);
  });

  it('refuses what is not a frame at all, saying so', () => {
    expect(checkFrame([1])).toEqual({ ok: false, problem: 'a frame: it is [1], expected object' });
    expect(checkFrame({ ts: 1, dir: 'local', lane: 'lifecycle', raw: '', size: 0 })).toEqual({
      ok: false,
      problem: 'a frame: seq is missing (expected number)',
    });
    expect(checkFrame({ ...response, extra: 1 })).toEqual({ ok: false, problem: 'frame 2: extra: this field is not part of a frame' });
  });
});

describe('the fast check of a plain stdio message', () => {
  const plain = { seq: 4, ts: 1.5, dir: 'c2s', lane: 'message', raw: '{"jsonrpc":"2.0","id":1,"method":"ping"}', size: 40, meta: { transport: 'stdio' } };
  const odd = [
    undefined,
    null,
    0,
    -1,
    1.5,
    2 ** 53,
    NaN,
    Infinity,
    -Infinity,
    '',
    'x',
    'c2s',
    'message',
    'stdio',
    true,
    [],
    {},
    { transport: 'stdio' },
    { transport: 'stdio', crlf: true },
    { transport: 'http' },
    Object.assign(Object.create(null), { transport: 'stdio' }),
  ];

  /** The fast check may only say yes to what the schema passes, and the frame check agrees with zod. */
  const agrees = (v: unknown) => {
    const zod = FrameSchema.safeParse(v).success;
    if (isPlainStdioMessage(v)) expect(zod).toBe(true);
    expect(isFrame(v)).toBe(zod);
  };

  it('passes the plain frame, in any order of its fields, and after a JSON round trip', () => {
    expect(isPlainStdioMessage(plain)).toBe(true);
    const reversed = Object.fromEntries(Object.entries(plain).reverse());
    expect(isPlainStdioMessage(reversed)).toBe(true);
    expect(isPlainStdioMessage(JSON.parse(JSON.stringify(plain)))).toBe(true);
    agrees(reversed);
  });

  it('agrees with the schema on every field replaced, removed or added', () => {
    for (const key of [...Object.keys(plain), 'channel', 'truncated', 'extra', '__proto__', 'toString']) {
      for (const value of odd) {
        agrees({ ...plain, [key]: value });
        agrees({ ...plain, meta: { ...plain.meta, [key]: value } });
      }
      const { [key as keyof typeof plain]: _gone, ...rest } = plain;
      void _gone;
      agrees(rest);
    }
    for (const dir of ['s2c', 'local']) agrees({ ...plain, dir });
    for (const lane of ['stderr', 'http', 'lifecycle']) agrees({ ...plain, lane });
  });

  it('leaves what is not a plain object to the schema', () => {
    agrees(JSON.parse('{"seq":1,"ts":0,"dir":"c2s","lane":"message","raw":"{}","size":2,"meta":{"transport":"stdio"},"__proto__":{}}'));
    agrees(JSON.parse('{"seq":1,"ts":0,"dir":"c2s","lane":"message","raw":"{}","size":2,"__proto__":{"transport":"stdio"}}'));
    agrees(Object.assign(Object.create(null), plain));
    // Fields inherited from another prototype: not what JSON makes, and never the fast check's.
    expect(isPlainStdioMessage(Object.assign(Object.create({ extra: 1 }), plain))).toBe(false);
    agrees([plain]);
    class Framed {
      seq = 1;
      ts = 0;
      dir = 'c2s';
      lane = 'message';
      raw = '';
      size = 0;
      meta = { transport: 'stdio' };
    }
    agrees(new Framed());
  });

  it('agrees with the schema on random frames and their mutations', () => {
    const anyValue = fc.oneof(fc.constantFrom(...odd), fc.integer(), fc.double(), fc.string({ maxLength: 3 }));
    fc.assert(
      fc.property(fc.nat(), anyValue, fc.boolean(), (pick, value, addKey) => {
        agrees(mutate(plain as Frame, pick, value, addKey));
      }),
      { numRuns: 3000 },
    );
  });
});

describe('channels', () => {
  const bridge = { seq: 3, ts: 9, dir: 'c2s', lane: 'message', raw: '{"jsonrpc":"2.0","id":0,"method":"ui/initialize"}', size: 48, channel: 'app:1' };
  const mounted = { transport: 'app', event: 'app-mounted', toolName: 'get-time', resourceUri: 'ui://get-time/app.html', requestId: 2, requestSeq: 7 };

  it("admits an app's bridge messages and its lifecycle events on its channel", () => {
    expect(checkFrame(bridge)).toEqual({ ok: true, frame: bridge });
    expect(checkFrame({ ...bridge, channel: 'app:12' }).ok).toBe(true);
    for (const meta of [
      mounted,
      { transport: 'app', event: 'app-unmounted' },
      { transport: 'app', event: 'csp-violation', directive: 'connect-src', blockedUri: 'https://evil.example/x', policy: "default-src 'none'" },
    ])
      expect(checkFrame({ ...bridge, dir: 'local', lane: 'lifecycle', raw: meta.event, meta }).ok, meta.event).toBe(true);
  });

  it('refuses a channel that is not app:<n>, saying what it should be', () => {
    for (const channel of ['app:0', 'app', 'App:1', 'session', '', 'app:01'])
      expect(checkFrame({ ...bridge, channel })).toEqual({
        ok: false,
        problem: `frame 3: channel is ${JSON.stringify(channel)}: expected "app:<n>" (n = 1, 2, …, one per rendered app); leave channel out for the session's own client ↔ server traffic`,
      });
    expect(isFrame({ ...bridge, channel: 'app:0' })).toBe(false);
  });

  it('keeps app events on app channels and transports off them', () => {
    expect(checkFrame({ ...bridge, channel: undefined, dir: 'local', lane: 'lifecycle', meta: mounted })).toEqual({
      ok: false,
      problem: 'frame 3: meta.transport "app" belongs on an app channel: give the frame channel "app:<n>"',
    });
    expect(checkFrame({ ...response, channel: 'app:2' })).toEqual({
      ok: false,
      problem: 'frame 2: lane "http" on channel app:2: an app channel carries only message and lifecycle frames',
    });
    expect(checkFrame({ ...bridge, meta: { transport: 'stdio' } })).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/^frame 3: meta\.transport "stdio" on channel app:1/),
    });
    expect(checkFrame({ ...bridge, dir: 'local', lane: 'lifecycle', meta: { ...mounted, requestSeq: 0 } }).ok).toBe(false);
  });
});
