import { describe, expect, it } from 'vitest';
import { answeredInPage } from './server-requests';

describe('which server requests the page answers', () => {
  it('sampling, elicitation and roots always; tasks/* only when the client declared tasks', () => {
    expect(answeredInPage('sampling/createMessage', {})).toBe(true);
    expect(answeredInPage('roots/list', {})).toBe(true);
    expect(answeredInPage('tasks/get', {})).toBe(false);
    expect(answeredInPage('tasks/result', { tasks: {} })).toBe(true);
    expect(answeredInPage('tasks/cancel', { tasks: { cancel: {} } })).toBe(true);
    expect(answeredInPage('custom/unknown', { tasks: {} })).toBe(false);
  });
});
