import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PageMessageSchema } from './protocol';
import { plainSessionRequest } from './plain-session-request';

const text = fc.oneof(fc.string({ maxLength: 8 }), fc.string({ minLength: 95, maxLength: 105 }), fc.string({ unit: 'grapheme', maxLength: 60 }), fc.constant(''));
const number = fc.oneof(fc.integer(), fc.double(), fc.constantFrom(0, -1, 1, 2 ** 53, 2 ** 53 - 1, Number.MAX_VALUE));
const anyJson = fc.jsonValue({ maxDepth: 2 });
const field = <T>(arb: fc.Arbitrary<T>) => fc.oneof(arb, anyJson, number, text);
/** Messages near a session/request: right and wrong types for each field, extra keys, odd params. */
const nearRequest = fc.record(
  {
    type: fc.constantFrom('session/request', 'session/notify', 'client/call'),
    rid: field(text),
    sessionId: field(text),
    method: field(fc.oneof(text, fc.string({ minLength: 990, maxLength: 1010 }))),
    params: fc.oneof(fc.dictionary(fc.oneof(text, fc.constant('__proto__')), anyJson, { maxKeys: 3 }), anyJson),
    timeoutMs: field(number),
    resetTimeoutOnProgress: field(fc.boolean()),
    maxTotalMs: field(number),
    extra: anyJson,
  },
  { requiredKeys: ['type'] },
);

describe('plainSessionRequest', () => {
  it('returns only what the schema accepts, equal to what its parse gives', () => {
    fc.assert(
      fc.property(nearRequest, (m) => {
        // Through JSON, as the socket receives it: a `__proto__` key is then an own key.
        const json: unknown = JSON.parse(JSON.stringify(m));
        const fast = plainSessionRequest(json);
        if (fast === undefined) return;
        const parsed = PageMessageSchema.safeParse(json);
        expect(parsed.success).toBe(true);
        expect(fast).toStrictEqual(parsed.data);
      }),
      { numRuns: 5000 },
    );
  });

  it('reads the messages the page sends: a ping, a call with its policy', () => {
    const ping = { type: 'session/request', rid: 'r12', sessionId: 's1', method: 'ping' };
    expect(plainSessionRequest(JSON.parse(JSON.stringify(ping)))).toEqual(ping);
    const call = { type: 'session/request', rid: 'r13', sessionId: 's1', method: 'completion/complete', params: { ref: { type: 'ref/prompt', name: 'p' } }, timeoutMs: 5000, resetTimeoutOnProgress: false, maxTotalMs: 60000 };
    expect(plainSessionRequest(JSON.parse(JSON.stringify(call)))).toEqual(call);
  });

  it('leaves to the schema what it is not sure of', () => {
    const base = { type: 'session/request', rid: 'r', sessionId: 's1', method: 'ping' };
    for (const odd of [{ extra: 1 }, { params: [] }, { params: JSON.parse('{"__proto__":{"x":1}}') }, { timeoutMs: 0 }, { timeoutMs: 1.5 }, { rid: 'r'.repeat(101) }, { sessionId: '' }, { resetTimeoutOnProgress: 'yes' }]) {
      expect(plainSessionRequest({ ...base, ...odd })).toBeUndefined();
    }
  });
});
