import { describe, expect, it } from 'vitest';
import { formModel, initialValue, missingRequired } from './schema-form';
import { fromInput, parseArgs, withProperty } from './values';

const schema = {
  type: 'object',
  properties: {
    name: { type: 'string', title: 'Your name' },
    count: { type: 'integer', default: 3, minimum: 1 },
    color: { type: 'string', enum: ['red', 'blue'] },
    hero: {
      type: 'string',
      oneOf: [
        { const: 'h1', title: 'Superman' },
        { const: 'h2', title: 'Wonder Woman' },
      ],
    },
    pet: { type: 'string', enum: ['p1', 'p2'], enumNames: ['Cats', 'Dogs'] },
    fish: { type: 'array', items: { anyOf: [{ const: 'f1', title: 'Tuna' }] } },
    tags: { type: 'array', items: { type: 'string' } },
    where: { $ref: '#/$defs/place' },
    note: { anyOf: [{ type: 'string' }, { type: 'null' }] },
    any: {},
  },
  required: ['name', 'where'],
  $defs: { place: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } },
};

describe('formModel', () => {
  const model = formModel(schema);
  const field = (k: string) => model.fields!.find((f) => f.key === k)!;

  it('reads types, titles, defaults and required', () => {
    expect(model.kind).toBe('object');
    expect(field('name')).toMatchObject({ kind: 'string', label: 'Your name', required: true });
    expect(field('count')).toMatchObject({ kind: 'integer', default: 3, minimum: 1, required: false });
  });

  it('reads plain, titled and legacy enums, and multi-select arrays', () => {
    expect(field('color').options).toEqual([
      { value: 'red', label: 'red' },
      { value: 'blue', label: 'blue' },
    ]);
    expect(field('hero')).toMatchObject({
      kind: 'enum',
      options: [
        { value: 'h1', label: 'Superman' },
        { value: 'h2', label: 'Wonder Woman' },
      ],
    });
    expect(field('pet').options?.[1]).toEqual({ value: 'p2', label: 'Dogs' });
    expect(field('fish')).toMatchObject({ kind: 'multi-enum', options: [{ value: 'f1', label: 'Tuna' }] });
  });

  it('follows $ref into nested objects, reads arrays, nullable and untyped properties', () => {
    expect(field('where')).toMatchObject({ kind: 'object', fields: [{ key: 'city', kind: 'string', required: true }] });
    expect(field('tags')).toMatchObject({ kind: 'array', item: { kind: 'string' } });
    expect(field('note')).toMatchObject({ kind: 'string', nullable: true });
    expect(field('any').kind).toBe('json');
  });

  it('starts from defaults and says which required fields are empty', () => {
    const v = initialValue(model);
    expect(v).toEqual({ count: 3, where: {} });
    expect(missingRequired(model, v)).toEqual(['name', 'where.city']);
    expect(missingRequired(model, { name: 'a', where: { city: 'b' } })).toEqual([]);
  });
});

describe('values', () => {
  it('converts input text by field type and drops empty optional values', () => {
    const model = formModel(schema);
    const count = model.fields!.find((f) => f.key === 'count')!;
    expect(fromInput(count, '12')).toBe(12);
    expect(fromInput(count, '')).toBeUndefined();
    expect(fromInput(count, 'x')).toBe('x');
    expect(withProperty({ a: 1 }, 'a', undefined)).toEqual({});
  });

  it('parses raw arguments with actionable errors', () => {
    expect(parseArgs('{"a":1}')).toEqual({ ok: true, value: { a: 1 } });
    expect(parseArgs('[1]')).toMatchObject({ ok: false, error: expect.stringContaining('JSON object') });
    expect(parseArgs('{')).toMatchObject({ ok: false, error: expect.stringContaining('not valid JSON') });
  });
});
