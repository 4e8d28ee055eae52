import { describe, expect, it } from 'vitest';
import { memoryKey, recall, remember } from './arg-memory';

function memoryStore() {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), m };
}

describe('argument memory', () => {
  it('remembers per connection and name', () => {
    const s = memoryStore();
    remember(s, memoryKey('c1', 'tool', 'echo'), { message: 'hi' });
    expect(recall(s, memoryKey('c1', 'tool', 'echo'))).toEqual({ message: 'hi' });
    expect(recall(s, memoryKey('c2', 'tool', 'echo'))).toBeUndefined();
  });

  it('survives broken storage', () => {
    const s = memoryStore();
    s.m.set('k', '{broken');
    expect(recall(s, 'k')).toBeUndefined();
    const full = {
      getItem: () => null,
      setItem: () => {
        throw new Error('quota');
      },
    };
    expect(() => remember(full, 'k', {})).not.toThrow();
  });
});
