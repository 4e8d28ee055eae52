import { describe, expect, it } from 'vitest';
import { offeredTools, toolChoiceMode, toolChoiceWarning, toolUseDraft, toolUseId, toolUseResult } from './sampling';

const weather = {
  name: 'get_weather',
  description: 'Weather for a city',
  inputSchema: { type: 'object', properties: { city: { type: 'string', default: 'Paris' } }, required: ['city'] },
};

describe('sampling with tools', () => {
  it('lists the offered tools and the tool choice, auto by default', () => {
    const params = { messages: [], tools: [weather, { name: 'noop' }] };
    expect(offeredTools(params).map((t) => [t.name, t.description])).toEqual([
      ['get_weather', 'Weather for a city'],
      ['noop', undefined],
    ]);
    expect(offeredTools(params)[0].schemaText).toContain('"city"');
    expect(toolChoiceMode(params)).toBe('auto (default)');
    expect(toolChoiceMode({ ...params, toolChoice: { mode: 'required' } })).toBe('required');
    expect(toolChoiceMode({ messages: [] })).toBeUndefined();
  });

  it('warns when a reply breaks toolChoice, without refusing it', () => {
    expect(toolChoiceWarning('none', 'tools')).toMatch(/must not use/);
    expect(toolChoiceWarning('required', 'text')).toMatch(/at least one tool/);
    expect(toolChoiceWarning('auto', 'tools')).toBeUndefined();
  });

  it('answers with tool_use blocks, ids generated, inputs from the schema defaults', () => {
    let n = 0;
    const rand = () => [0.5, 0.25][n++ % 2];
    expect(toolUseId(() => 0)).toBe('call_00000000');
    const [tool] = offeredTools({ tools: [weather] });
    const a = toolUseDraft(tool, rand);
    const b = { ...toolUseDraft(tool, rand), inputText: '{"city": "London"}' };
    expect(a.inputText).toBe('{\n  "city": "Paris"\n}');
    expect(a.id).not.toBe(b.id);
    const r = toolUseResult([a, b], 'm');
    expect(r).toEqual({
      ok: true,
      value: {
        role: 'assistant',
        model: 'm',
        stopReason: 'toolUse',
        content: [
          { type: 'tool_use', id: a.id, name: 'get_weather', input: { city: 'Paris' } },
          { type: 'tool_use', id: b.id, name: 'get_weather', input: { city: 'London' } },
        ],
      },
    });
  });

  it('says what to fix before sending', () => {
    expect(toolUseResult([], 'm')).toEqual({ ok: false, error: 'Add at least one tool use.' });
    expect(toolUseResult([{ id: 'x', name: '', inputText: '{}' }], 'm')).toEqual({ ok: false, error: 'Tool use 1: pick a tool.' });
    const bad = toolUseResult([{ id: 'x', name: 't', inputText: '[1]' }], 'm');
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.error).toMatch(/^Tool use 1 \(t\): The input must be a JSON object/);
  });
});
