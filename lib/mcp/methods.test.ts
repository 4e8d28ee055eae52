import { describe, expect, it } from 'vitest';
import * as T from '@modelcontextprotocol/sdk/types.js';
import { PARAMS, RESULTS } from '../analyze/schemas';
import { METHOD_LIST, definedIn, eraOfMethod, mayBeSentBy, methodDef, methodInfo, receiverNeeds } from './methods';

describe('the method table', () => {
  it('gives every row the same fields in the same order (one object shape for the rules that read it per message)', () => {
    const shape = Object.keys(METHOD_LIST[0]).join();
    for (const m of METHOD_LIST) expect(Object.keys(m).join(), m.method).toBe(shape);
  });

  it('lists every method the SDK has a request or notification schema for, once', () => {
    const names = METHOD_LIST.map((m) => m.method);
    expect(new Set(names).size).toBe(names.length);
    for (const method of PARAMS.keys()) expect(names, method).toContain(method);
  });

  it('names a real SDK schema for every result, and the analyser checks exactly those', () => {
    for (const m of METHOD_LIST.filter((d) => d.result)) expect(typeof (T[m.result!] as { safeParse?: unknown }).safeParse, m.method).toBe('function');
    expect([...RESULTS.keys()].sort()).toEqual(
      METHOD_LIST.filter((d) => d.kind === 'request' && d.result)
        .map((d) => d.method)
        .sort(),
    );
  });

  it('answers direction, versions and capabilities from one row', () => {
    const call = methodDef('tools/call', '2025-11-25')!;
    expect([mayBeSentBy(call, 'client'), mayBeSentBy(call, 'server'), receiverNeeds(call, '2025-11-25'), call.taskNeeds]).toEqual([
      true,
      false,
      'tools',
      'tasks.requests.tools.call',
    ]);
    expect(receiverNeeds(methodDef('completion/complete', '2024-11-05')!, '2024-11-05')).toBeUndefined();
    expect(receiverNeeds(methodDef('completion/complete', '2025-03-26')!, '2025-03-26')).toBe('completions');
    expect(methodDef('elicitation/create', '2025-03-26')).toBeUndefined();
    expect(methodDef('initialize', '2026-07-28')).toBeUndefined();
    expect(
      definedIn(
        METHOD_LIST.find((m) => m.method === 'server/discover')!,
        '2026-07-28',
      ),
    ).toBe(true);
  });

  it('says which era defines each method', () => {
    const era = (m: string) => eraOfMethod(methodInfo(m)!);
    expect(['initialize', 'ping', 'logging/setLevel', 'resources/subscribe', 'notifications/initialized', 'roots/list', 'tasks/result'].map(era)).toEqual(
      Array(7).fill('legacy'),
    );
    expect(['server/discover', 'subscriptions/listen', 'tasks/update', 'notifications/subscriptions/acknowledged', 'notifications/tasks'].map(era)).toEqual(
      Array(5).fill('modern'),
    );
    expect(['tools/call', 'resources/read', 'tasks/get', 'notifications/progress'].map(era)).toEqual(Array(4).fill('both'));
    expect(methodInfo('tasks/update')?.extension).toBe('io.modelcontextprotocol/tasks');
  });
});
