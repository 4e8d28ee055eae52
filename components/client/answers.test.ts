import { describe, expect, it } from 'vitest';
import { rootsResult } from './rootsStore';
import { samplingResult } from './serverRequestsStore';
import { taskSupport } from './toolsStore';

describe('answers the page gives the server', () => {
  it('roots/list: names only where given', () => {
    expect(rootsResult([{ uri: 'file:///a', name: 'a' }, { uri: 'file:///b' }])).toEqual({ roots: [{ uri: 'file:///a', name: 'a' }, { uri: 'file:///b' }] });
  });

  it('sampling/createMessage: an assistant text message with model and stop reason', () => {
    expect(samplingResult('hi', 'm')).toEqual({ role: 'assistant', content: { type: 'text', text: 'hi' }, model: 'm', stopReason: 'endTurn' });
  });

  it('tools/call as a task only where execution.taskSupport allows it', () => {
    expect(taskSupport({ name: 't' })).toBe('forbidden');
    expect(taskSupport({ name: 't', execution: { taskSupport: 'optional' } })).toBe('optional');
    expect(taskSupport({ name: 't', execution: { taskSupport: 'required' } })).toBe('required');
    expect(taskSupport({ name: 't', execution: { taskSupport: 'sometimes' } })).toBe('forbidden');
  });
});
