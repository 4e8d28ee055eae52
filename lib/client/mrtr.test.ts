import { describe, expect, it } from 'vitest';
import { automaticResponses, inputRequiredOf, retryParams } from './mrtr';

const interim = {
  resultType: 'input_required',
  inputRequests: {
    confirm: { method: 'elicitation/create', params: { message: 'Sure?' } },
    note: { method: 'sampling/createMessage', params: { messages: [], maxTokens: 5 } },
    where: { method: 'roots/list' },
  },
  requestState: 'opaque+/=',
};

describe('MRTR helpers', () => {
  it('reads an interim result; a result without resultType is final', () => {
    expect(inputRequiredOf(interim)?.inputRequests.where).toEqual({ method: 'roots/list', params: {} });
    expect(inputRequiredOf({ content: [] })).toBeUndefined();
    expect(inputRequiredOf({ resultType: 'complete' })).toBeUndefined();
  });

  it('retries with the answers and the state exactly as sent, replacing the previous round’s', () => {
    const asked = inputRequiredOf(interim)!;
    const params = retryParams({ name: 't', arguments: { a: 1 }, inputResponses: { old: 1 }, requestState: 'old' }, asked, { confirm: { action: 'accept' } });
    expect(params).toEqual({ name: 't', arguments: { a: 1 }, inputResponses: { confirm: { action: 'accept' } }, requestState: 'opaque+/=' });
  });

  it('sends no requestState when the server gave none', () => {
    const asked = inputRequiredOf({ resultType: 'input_required', inputRequests: { c: { method: 'elicitation/create', params: {} } } })!;
    expect(retryParams({ name: 't', requestState: 'stale' }, asked, {})).not.toHaveProperty('requestState');
  });

  it('answers roots, and sampling only when the automatic reply is on; elicitation is the person’s', () => {
    const asked = inputRequiredOf(interim)!;
    const off = automaticResponses(asked, { roots: [{ uri: 'file:///w' }], samplingAuto: { on: false, text: 'x' } });
    expect(off).toEqual({ answered: { where: { roots: [{ uri: 'file:///w' }] } }, forPerson: ['confirm', 'note'] });
    const on = automaticResponses(asked, { roots: [], samplingAuto: { on: true, text: 'auto' } });
    expect(on.forPerson).toEqual(['confirm']);
    expect(on.answered.note).toMatchObject({ role: 'assistant', content: { type: 'text', text: 'auto' } });
  });
});
