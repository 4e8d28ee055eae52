import { describe, expect, it } from 'vitest';
import { Emitter } from './emitter';

type Events = { hit: (n: number) => void };

describe('Emitter', () => {
  it('calls each listener once, in order, until it is removed', () => {
    const e = new Emitter<Events>();
    const seen: string[] = [];
    const a = (n: number) => seen.push(`a${n}`);
    const offA = e.on('hit', a);
    e.on('hit', a);
    const offB = e.on('hit', (n) => seen.push(`b${n}`));
    e.emit('hit', 1);
    offA();
    e.emit('hit', 2);
    offB();
    offB();
    e.emit('hit', 3);
    expect(seen).toEqual(['a1', 'b1', 'b2']);
  });

  it('lets a listener add or remove listeners during an emit, for later emits only', () => {
    const e = new Emitter<Events>();
    const seen: string[] = [];
    let offLate: (() => void) | undefined;
    const offFirst = e.on('hit', (n) => {
      seen.push(`first${n}`);
      offSecond();
      offLate ??= e.on('hit', (m) => seen.push(`late${m}`));
    });
    const offSecond = e.on('hit', (n) => seen.push(`second${n}`));
    e.emit('hit', 1);
    e.emit('hit', 2);
    offFirst();
    offLate?.();
    e.emit('hit', 3);
    expect(seen).toEqual(['first1', 'second1', 'first2', 'late2']);
  });
});
