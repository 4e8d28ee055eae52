import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Deadlines } from './deadlines';

interface Item {
  name: string;
  deadline: number;
}

function setup() {
  const live = new Map<string, Item>();
  const expired: string[] = [];
  const deadlines = new Deadlines<Item>(
    () => live.values(),
    (item) => {
      expired.push(item.name);
      live.delete(item.name);
    },
  );
  const add = (name: string, inMs: number) => {
    const item = { name, deadline: Date.now() + inMs };
    live.set(name, item);
    deadlines.watch(item.deadline);
    return item;
  };
  return { live, expired, deadlines, add };
}

describe('Deadlines', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('expires each item at its own deadline, a shorter one added later included', () => {
    const { expired, add } = setup();
    add('long', 1000);
    vi.advanceTimersByTime(100);
    add('short', 200);
    add('same', 900);
    vi.advanceTimersByTime(199);
    expect(expired).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(expired).toEqual(['short']);
    vi.advanceTimersByTime(699);
    expect(expired).toEqual(['short']);
    vi.advanceTimersByTime(1);
    expect(expired).toEqual(['short', 'long', 'same']);
  });

  it('leaves alone what was settled, and honours a deadline moved later', () => {
    const { live, expired, add } = setup();
    add('answered', 100);
    const moved = add('moved', 100);
    live.delete('answered');
    vi.advanceTimersByTime(50);
    moved.deadline = Date.now() + 100;
    vi.advanceTimersByTime(60);
    expect(expired).toEqual([]);
    vi.advanceTimersByTime(40);
    expect(expired).toEqual(['moved']);
  });

  it('arms nothing once stopped', () => {
    const { expired, deadlines, add } = setup();
    add('a', 100);
    deadlines.stop();
    vi.advanceTimersByTime(1000);
    expect(expired).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('keeps one timer however many items wait', () => {
    const { add } = setup();
    for (let i = 0; i < 100; i++) add(`r${i}`, 60_000);
    expect(vi.getTimerCount()).toBe(1);
  });
});
