import { describe, expect, it } from 'vitest';
import { taskSupport } from './toolsStore';

describe('tool calls', () => {
  it('tools/call as a task only where execution.taskSupport allows it', () => {
    expect(taskSupport({ name: 't' })).toBe('forbidden');
    expect(taskSupport({ name: 't', execution: { taskSupport: 'optional' } })).toBe('optional');
    expect(taskSupport({ name: 't', execution: { taskSupport: 'required' } })).toBe('required');
    expect(taskSupport({ name: 't', execution: { taskSupport: 'sometimes' } })).toBe('forbidden');
  });
});
