import { describe, expect, it } from 'vitest';
import { rootsResult, routeServerRequest, samplingResult } from './driver/routing';
import { MAX_WAITING, ServerRequestQueue } from './server-requests';

describe('who answers a server request', () => {
  it('the session answers ping, roots and tasks/*; sampling and elicitation wait for the person', () => {
    expect(routeServerRequest('ping', {}, {}, false)).toBe('ping');
    expect(routeServerRequest('roots/list', {}, {}, false)).toBe('roots');
    expect(routeServerRequest('sampling/createMessage', {}, {}, false)).toBe('person');
    expect(routeServerRequest('sampling/createMessage', {}, {}, true)).toBe('auto-sampling');
    expect(routeServerRequest('elicitation/create', {}, {}, true)).toBe('person');
    expect(routeServerRequest('tasks/get', {}, {}, false)).toBe('not-handled');
    expect(routeServerRequest('tasks/result', {}, { tasks: {} }, false)).toBe('tasks');
    expect(routeServerRequest('custom/unknown', {}, { tasks: {} }, false)).toBe('not-handled');
  });

  it('a task-augmented request is accepted as a task only when the client declared that kind', () => {
    const caps = { tasks: { requests: { sampling: { createMessage: {} } } } };
    expect(routeServerRequest('sampling/createMessage', { task: { ttl: 1000 } }, caps, false)).toBe('accept-task');
    expect(routeServerRequest('elicitation/create', { task: { ttl: 1000 } }, caps, false)).toBe('person');
  });
});

describe('the answers the session gives by itself', () => {
  it('roots/list: names only where given', () => {
    expect(rootsResult([{ uri: 'file:///a', name: 'a' }, { uri: 'file:///b' }])).toEqual({ roots: [{ uri: 'file:///a', name: 'a' }, { uri: 'file:///b' }] });
  });

  it('sampling/createMessage: an assistant text message with model and stop reason', () => {
    expect(samplingResult('hi', 'm')).toEqual({ role: 'assistant', content: { type: 'text', text: 'hi' }, model: 'm', stopReason: 'endTurn' });
  });
});

describe('ServerRequestQueue', () => {
  it('keys requests, drops one the server cancelled, and lists them without the JSON-RPC id', () => {
    const q = new ServerRequestQueue('s');
    const a = q.add(7, 'sampling/createMessage', {}, 3);
    q.add('x', 'elicitation/create', undefined, undefined);
    expect(q.list().map((p) => p.method)).toEqual(['sampling/createMessage', 'elicitation/create']);
    expect(q.list()[0]).not.toHaveProperty('id');
    expect(q.dropById('x')).toBe(true);
    expect(q.take(a.key)?.id).toBe(7);
    expect(q.list()).toEqual([]);
  });

  it('holds at most MAX_WAITING requests for a person, and says why when full', () => {
    const q = new ServerRequestQueue('s');
    for (let i = 0; i < MAX_WAITING; i++) {
      expect(q.hasRoom()).toBe(true);
      q.add(i, 'elicitation/create', {}, i);
    }
    expect(q.hasRoom()).toBe(false);
    expect(q.fullError('elicitation/create')).toMatchObject({
      code: -32603,
      message: expect.stringMatching(/64 requests waiting.*elicitation\/create was not shown/),
    });
    q.take(q.list()[0].key);
    expect(q.hasRoom()).toBe(true);
  });
});
