import { afterEach, describe, expect, it } from 'vitest';
import { latestCall } from '../../lib/client/client-state';
import type { ClientState, ClientStatePatch } from '../../lib/wire/client-state';
import type { Session } from './session';
import type { AskAnswer } from './types';
import { sessionFor } from './sources';
import { everythingServer, waitFor } from './test-support';

const sessions: Session[] = [];
afterEach(async () => {
  await Promise.all(sessions.splice(0).map((s) => s.close()));
});

async function ready(options: { roots?: { uri: string; name?: string }[]; clientCapabilities?: Record<string, unknown> } = {}): Promise<Session> {
  const s = sessionFor(`d${sessions.length}`, everythingServer(), {
    protocolVersion: '2025-11-25',
    clientCapabilities: options.clientCapabilities ?? {},
    roots: options.roots,
  });
  sessions.push(s);
  await s.start();
  expect(s.summary().status).toBe('ready');
  return s;
}

/** An ask's answer, as the page socket is handed it. */
function asked(s: Session, method: string, params?: Record<string, unknown>): Promise<AskAnswer> {
  return new Promise((resolve) => s.client!.ask(method, params, undefined, resolve));
}

/** What a page that attached now would be shown, and every patch after it, applied in order. */
function watch(s: Session): { view(): ClientState } {
  let view = s.client!.state();
  s.client!.onState((patch: ClientStatePatch) => (view = { ...view, ...patch }));
  return { view: () => view };
}

describe('the client state a session holds, against server-everything over stdio', () => {
  it('lists tools into the state, and a page attaching later gets the same listing', async () => {
    const s = await ready();
    const early = watch(s);
    await s.client!.list('tools');
    const tools = s.client!.state().lists.tools!;
    expect(tools.loading).toBe(false);
    expect(tools.items.map((t) => t.name)).toContain('trigger-long-running-operation');
    expect(tools.nextCursor).toBeUndefined();
    await waitFor(() => early.view().lists.tools?.loading === false, 2000, 'the patch');
    expect(early.view().lists.tools).toEqual(tools);
    expect(watch(s).view().lists.tools).toEqual(tools);
  });

  it('holds a call in flight with its progress, then its result', async () => {
    const s = await ready();
    const { id, done } = s.client!.call('tools/call', { name: 'trigger-long-running-operation', arguments: { duration: 1, steps: 4 } });
    const running = await waitFor(() => s.client!.state().calls.find((c) => c.id === id && c.progress !== undefined), 5000, 'progress');
    expect(running).toMatchObject({ method: 'tools/call', status: 'running', progress: { total: 4 } });
    const final = await done;
    expect(final).toMatchObject({ id, status: 'done' });
    expect(JSON.stringify(final.result)).toMatch(/Long running operation completed/);
    // The request's id on the wire, which finds it in the frames (the page measures a cancelled call there).
    const sent = s.frames().find((f) => f.dir === 'c2s' && f.raw.includes('"method":"tools/call"'));
    expect(final.requestId).toBe((JSON.parse(sent!.raw) as { id: number }).id);
    expect(latestCall(s.client!.state().calls, 'tools/call')).toMatchObject({ id, status: 'done', progress: { progress: 4, total: 4 } });
  });

  it('cancels a call by its id: the server is told, the call ends as cancelled by Loupe', async () => {
    const s = await ready();
    const { id, done } = s.client!.call('tools/call', { name: 'trigger-long-running-operation', arguments: { duration: 30, steps: 30 } });
    await waitFor(() => s.client!.state().calls.find((c) => c.id === id && c.progress !== undefined), 5000, 'progress');
    s.client!.cancel(id);
    const final = await done;
    expect(final).toMatchObject({ status: 'failed', error: { local: true, message: expect.stringMatching(/cancelled/) } });
    await waitFor(() => s.frames().some((f) => f.dir === 'c2s' && f.raw.includes('notifications/cancelled')), 2000, 'notifications/cancelled on the wire');
    expect(() => s.client!.cancel(id)).toThrow(/no call/);
  });

  it('remembers the log level the server was set to, only once the server accepted it', async () => {
    const s = await ready();
    expect(s.client!.state().logLevel).toBeUndefined();
    await s.client!.call('logging/setLevel', { level: 'warning' }).done;
    expect(s.client!.state().logLevel).toBe('warning');
    const refused = await s.client!.call('logging/setLevel', { level: 'loudest' }).done;
    expect(refused.status).toBe('failed');
    expect(s.client!.state().logLevel).toBe('warning');
  });

  it('answers a request to the one who asked without listing it among the calls, yet keeps what its success says', async () => {
    const s = await ready();
    const patches: ClientStatePatch[] = [];
    s.client!.onState((patch) => patches.push(patch));
    expect(await asked(s, 'ping')).toEqual({ result: {} });
    expect(await asked(s, 'logging/setLevel', { level: 'error' })).toEqual({ result: {} });
    expect(await asked(s, 'logging/setLevel', { level: 'loudest' })).toMatchObject({ error: { code: expect.any(Number) } });
    await waitFor(() => patches.some((p) => p.logLevel !== undefined), 2000, 'the log level patch');
    expect(s.client!.state().logLevel).toBe('error');
    expect(s.client!.state().calls).toEqual([]);
    expect(patches.some((p) => p.calls !== undefined)).toBe(false);
    // Each request is on the wire like any other.
    expect(s.frames().filter((f) => f.dir === 'c2s' && /"method":"(ping|logging\/setLevel)"/.test(f.raw))).toHaveLength(3);
  });

  it('hands an ask its answer in the turn the response is read, before anything queued in that turn runs', async () => {
    const s = await ready();
    let answer: AskAnswer | undefined;
    const seen: Array<AskAnswer | undefined> = [];
    // Listening after the client did: this runs in the same turn, right after the client read the response.
    s.recording.on('message', (frame, json) => {
      if (frame.dir === 's2c' && (json as { result?: unknown }).result !== undefined) seen.push(answer);
    });
    await new Promise<void>((resolve) =>
      s.client!.ask('ping', undefined, undefined, (a) => {
        answer = a;
        resolve();
      }),
    );
    expect(seen).toEqual([{ result: {} }]);
    // An error from the server takes the same path.
    const refused = await new Promise<AskAnswer>((resolve) => s.client!.ask('logging/setLevel', { level: 'loudest' }, undefined, resolve));
    expect(refused).toMatchObject({ error: { code: expect.any(Number) } });
  });

  it('answers with the error when handing over the result fails, and goes on reading the server', async () => {
    const s = await ready();
    const answers: AskAnswer[] = [];
    await new Promise<void>((resolve) =>
      s.client!.ask('ping', undefined, undefined, (a) => {
        answers.push(a);
        if ('result' in a) throw new Error('the page went away mid-send');
        resolve();
      }),
    );
    expect(answers).toEqual([{ result: {} }, { error: { message: 'the page went away mid-send' } }]);
    expect(await asked(s, 'ping')).toEqual({ result: {} });
    expect(s.summary().status).toBe('ready');
  });

  it('answers an ask that is never sent (a closed session) once, with the reason', async () => {
    const s = await ready();
    await s.close();
    const answers: AskAnswer[] = [];
    s.client!.ask('ping', undefined, undefined, (a) => answers.push(a));
    await new Promise((r) => setTimeout(r, 20));
    expect(answers).toHaveLength(1);
    expect(answers[0]).toMatchObject({ error: { message: expect.any(String), local: true } });
  });

  it('answers roots/list itself, from the roots the session was opened with', async () => {
    const s = await ready({ clientCapabilities: { roots: { listChanged: true } }, roots: [{ uri: 'file:///work', name: 'work' }] });
    const answer = await waitFor(() => s.frames().find((f) => f.dir === 'c2s' && f.raw.includes('"roots":[')), 5000, 'the roots/list answer');
    expect(answer.raw).toContain('"uri":"file:///work"');
    expect(s.pending()).toEqual([]);
    await s.client!.setRoots([{ uri: 'file:///other' }]);
    await waitFor(() => s.frames().some((f) => f.dir === 'c2s' && f.raw.includes('notifications/roots/list_changed')), 2000, 'list_changed');
  });
});
