import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { onFatalError, type FatalTarget } from './fatal-errors';

function fakeProcess() {
  const emitter = new EventEmitter();
  const exits: number[] = [];
  const target = Object.assign(emitter, { exit: (code: number) => void exits.push(code) }) as unknown as FatalTarget & EventEmitter;
  return { target, exits };
}

describe('onFatalError', () => {
  it('closes the sessions first, then exits 1, on an uncaught exception', async () => {
    const { target, exits } = fakeProcess();
    const steps: string[] = [];
    let finishDrain!: () => void;
    const logs: string[] = [];
    onFatalError(
      () =>
        new Promise<void>((r) => {
          steps.push('drain');
          finishDrain = r;
        }),
      target,
      (t) => logs.push(t),
    );
    target.emit('uncaughtException', new Error('boom'));
    expect(steps).toEqual(['drain']);
    expect(exits).toEqual([]); // not before the servers were stopped
    finishDrain();
    await new Promise((r) => setImmediate(r));
    expect(exits).toEqual([1]);
    expect(logs[0]).toMatch(/internal error \(uncaught exception\), please report it:\nError: boom/);
  });

  it('exits at once on a second error while closing, and handles unhandled rejections too', async () => {
    const { target, exits } = fakeProcess();
    let drains = 0;
    onFatalError(
      () => {
        drains++;
        return new Promise(() => {});
      },
      target,
      () => {},
    );
    target.emit('unhandledRejection', 'nope');
    target.emit('uncaughtException', new Error('again'));
    expect(drains).toBe(1);
    expect(exits).toEqual([1]);
  });
});
