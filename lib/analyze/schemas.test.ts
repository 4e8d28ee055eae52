import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type * as z from 'zod/v4';
import { CASES_BY_GROUP } from './cases';
import { realisticMix } from './mix';
import { CREATE_TASK_RESULT, PARAMS, passes, RESULTS, SAMPLING_WITH_TOOLS_RESULT } from './schemas';

const SCHEMAS: Array<[string, z.ZodType]> = [
  ...[...PARAMS].map(([m, s]): [string, z.ZodType] => [`${m} params`, s]),
  ...[...RESULTS].map(([m, s]): [string, z.ZodType] => [`${m} result`, s]),
  ['task-augmented result', CREATE_TASK_RESULT],
  ['sampling result with tools', SAMPLING_WITH_TOOLS_RESULT],
];

/** Messages with the schema their params or result are judged by: every rule case, both ways. */
function corpus(): Array<{ schema: z.ZodType; value: unknown }> {
  const out: Array<{ schema: z.ZodType; value: unknown }> = [];
  const traces = Object.values(CASES_BY_GROUP)
    .flat()
    .flatMap((c) => [c.trigger(), c.nearMiss()]);
  traces.push(realisticMix(400));
  for (const frames of traces) {
    const methods = new Map<string, string>();
    for (const f of frames) {
      if (f.lane !== 'message') continue;
      let m: Record<string, unknown>;
      try {
        m = JSON.parse(f.raw) as Record<string, unknown>;
      } catch {
        continue;
      }
      if (typeof m !== 'object' || m === null) continue;
      const key = `${f.dir}|${JSON.stringify(m.id)}`;
      if (typeof m.method === 'string') {
        if ('id' in m) methods.set(key, m.method);
        const schema = PARAMS.get(m.method);
        if (schema) out.push({ schema, value: m.params });
        continue;
      }
      const method = methods.get(`${f.dir === 'c2s' ? 's2c' : 'c2s'}|${JSON.stringify(m.id)}`);
      const schema = method === undefined ? undefined : RESULTS.get(method);
      if (schema && 'result' in m) out.push({ schema, value: m.result });
    }
  }
  return out;
}

/** Replaces, deletes or adds a value at a random place, so most results break in one spot. */
function mutate(value: unknown, pick: number, replacement: unknown, how: 'replace' | 'delete' | 'add'): unknown {
  if (typeof value !== 'object' || value === null) return replacement;
  const copy = JSON.parse(JSON.stringify(value)) as Record<string, unknown>;
  const holders: Record<string, unknown>[] = [copy];
  for (let i = 0; i < holders.length; i++)
    for (const v of Object.values(holders[i])) if (typeof v === 'object' && v !== null) holders.push(v as Record<string, unknown>);
  const holder = holders[pick % holders.length];
  const keys = Object.keys(holder);
  if (how === 'add' || keys.length === 0) holder[Array.isArray(holder) ? keys.length : 'extra'] = replacement;
  else if (how === 'delete' && !Array.isArray(holder)) delete holder[keys[pick % keys.length]];
  else holder[keys[pick % keys.length]] = replacement;
  return copy;
}

describe("the analyser's compiled schema check", () => {
  const messages = corpus();

  it('agrees with zod on every params and result of the rule cases, against every schema', () => {
    let passed = 0;
    let refused = 0;
    for (const [name, schema] of SCHEMAS) {
      for (const { value } of messages) {
        const zod = schema.safeParse(value).success;
        if (passes(schema, value) !== zod) expect.fail(`${name}: the guard says ${!zod} where zod says ${zod} for ${JSON.stringify(value)}`);
        if (zod) passed++;
        else refused++;
      }
    }
    // Both answers were exercised, many times.
    expect(passed).toBeGreaterThan(500);
    expect(refused).toBeGreaterThan(5000);
  });

  it('agrees with zod on messages broken in one place', () => {
    const replacement = fc.oneof(
      fc.constant(null),
      fc.constant(undefined),
      fc.integer({ min: -2, max: 3 }),
      fc.double(),
      fc.string({ maxLength: 4 }),
      fc.constantFrom('text', 'image', 'object', 'user', 'assistant', 'data:,', 'file:///x', 'aGk='),
      fc.boolean(),
      fc.constant([]),
      fc.constant({}),
      fc.constant({ type: 'text', text: 'x' }),
    );
    fc.assert(
      fc.property(fc.nat({ max: messages.length - 1 }), fc.nat(), replacement, fc.constantFrom('replace', 'delete', 'add'), (at, pick, value, how) => {
        const { schema, value: original } = messages[at];
        const broken = mutate(original, pick, value, how as 'replace' | 'delete' | 'add');
        expect(passes(schema, broken)).toBe(schema.safeParse(broken).success);
      }),
      { numRuns: 4000 },
    );
  });

  it('answers again for a value it saw before that has changed since', () => {
    const schema = PARAMS.get('tools/call') as z.ZodType;
    const params: Record<string, unknown> = { name: 'echo', arguments: { message: 'hi' } };
    expect(passes(schema, params)).toBe(true);
    params.name = 42;
    expect(passes(schema, params)).toBe(false);
    delete params.name;
    expect(passes(schema, params)).toBe(false);
    params.name = 'echo';
    expect(passes(schema, params)).toBe(true);
  });
});
