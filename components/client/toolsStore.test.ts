import { describe, expect, it } from 'vitest';
import { argsSkeleton } from './toolsStore';

describe('argsSkeleton', () => {
  it('starts the arguments with every required property, blank for its type', () => {
    const schema = {
      type: 'object',
      properties: { message: { type: 'string' }, count: { type: 'integer' }, loud: { type: 'boolean' }, extra: { type: 'string' } },
      required: ['message', 'count', 'loud'],
    };
    expect(JSON.parse(argsSkeleton(schema))).toEqual({ message: '', count: 0, loud: false });
  });

  it('gives an empty object for a missing or odd schema', () => {
    expect(argsSkeleton(undefined)).toBe('{}');
    expect(argsSkeleton({ type: 'object' })).toBe('{}');
  });
});
