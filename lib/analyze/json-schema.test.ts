import { describe, expect, it } from 'vitest';
import { compileSchema, schemaDraft, schemaProblem, validateJsonSchema } from './json-schema';

// Each case would have been judged wrongly by the hand-written subset this replaced (it ignored
// $ref, pattern and patternProperties, read oneOf as anyOf, compared objects by key order, and
// knew no drafts).
describe('validateJsonSchema', () => {
  it('follows $ref into $defs', () => {
    const schema = {
      type: 'object',
      properties: { where: { $ref: '#/$defs/point' } },
      $defs: { point: { type: 'object', required: ['x'], properties: { x: { type: 'number' } } } },
    };
    expect(validateJsonSchema(schema, { where: { x: 1 } })).toBeUndefined();
    expect(validateJsonSchema(schema, { where: { x: 'one' } })).toBe('/where/x: Instance type "string" is invalid. Expected "number" (got "one")');
  });

  it('checks pattern', () => {
    const schema = { type: 'object', properties: { id: { type: 'string', pattern: '^[a-z]+-\\d+$' } } };
    expect(validateJsonSchema(schema, { id: 'abc-12' })).toBeUndefined();
    expect(validateJsonSchema(schema, { id: 'ABC' })).toBe('/id: String does not match pattern (got "ABC")');
  });

  it('takes oneOf as exactly one', () => {
    const schema = { oneOf: [{ type: 'number' }, { type: 'integer' }] };
    expect(validateJsonSchema(schema, 1.5)).toBeUndefined();
    expect(validateJsonSchema(schema, 3)).toBe('(root): Instance does not match exactly one subschema (2 matches) (got 3)');
  });

  it('compares const by value, whatever the key order', () => {
    const schema = { const: { a: 1, b: [1, 2] } };
    expect(validateJsonSchema(schema, { b: [1, 2], a: 1 })).toBeUndefined();
    expect(validateJsonSchema(schema, { a: 1, b: [2, 1] })).toMatch(/^\(root\): Instance does not match/);
  });

  it('lets patternProperties in past additionalProperties: false, and names the extra property', () => {
    const schema = { type: 'object', properties: { name: { type: 'string' } }, patternProperties: { '^x-': { type: 'string' } }, additionalProperties: false };
    expect(validateJsonSchema(schema, { name: 'a', 'x-team': 'b' })).toBeUndefined();
    expect(validateJsonSchema(schema, { name: 'a', extra: 1 })).toBe('(root): unexpected property "extra" (additionalProperties does not allow it)');
  });

  it('reads a draft-07 schema as draft-07 ($ref siblings ignored) and one without $schema as 2020-12', () => {
    const body = { definitions: { n: { type: 'number' } }, properties: { a: { $ref: '#/definitions/n', maximum: 5 } } };
    const draft7 = { $schema: 'http://json-schema.org/draft-07/schema#', ...body };
    expect(schemaDraft(draft7)).toBe('7');
    expect(schemaDraft(body)).toBe('2020-12');
    expect(validateJsonSchema(draft7, { a: 10 })).toBeUndefined();
    expect(validateJsonSchema(body, { a: 10 })).toBe('/a: 10 is greater than 5');
  });

  it('says when the schema itself cannot be applied, and never throws', () => {
    expect(validateJsonSchema({ $ref: '#/$defs/missing' }, 1)).toMatch(/^the schema cannot be applied: Unresolved \$ref "#\/\$defs\/missing"/);
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(() => validateJsonSchema({ $ref: '#', items: { $ref: '#' } }, deep)).not.toThrow();
    expect(validateJsonSchema('not a schema', 1)).toBeUndefined();
    expect(validateJsonSchema(false, 1)).toMatch(/^\(root\)/);
    expect(validateJsonSchema({ properties: { '100%': { type: 'number' } } }, { '100%': 'x' })).toMatch(/^\/100%: Instance type "string"/);
  });

  it('compiles a schema once, also when the same schema is parsed again', () => {
    const schema = { type: 'string', minLength: 3 };
    expect(compileSchema(schema)).toBe(compileSchema(schema));
    expect(compileSchema(JSON.parse(JSON.stringify(schema)))).toBe(compileSchema(schema));
  });
});

describe('schemaProblem', () => {
  it('names a local $ref that points nowhere and a pattern that is not a regular expression', () => {
    expect(schemaProblem({ properties: { a: { $ref: '#/$defs/b' } } })).toBe('/properties/a: $ref "#/$defs/b" points nowhere in the schema');
    expect(schemaProblem({ patternProperties: { '(': {} } })).toBe('(root)/patternProperties: "(" is not a valid regular expression');
    expect(schemaProblem({ properties: { a: { $ref: '#/$defs/b' } }, $defs: { b: { pattern: '^x$' } } })).toBeUndefined();
  });

  it('leaves alone what a quick look could get wrong: refs under a nested $id, values of const', () => {
    expect(schemaProblem({ $defs: { inner: { $id: 'https://x/inner', properties: { a: { $ref: '#/$defs/c' } }, $defs: { c: {} } } } })).toBeUndefined();
    expect(schemaProblem({ const: { $ref: '#/nowhere' } })).toBeUndefined();
  });
});
