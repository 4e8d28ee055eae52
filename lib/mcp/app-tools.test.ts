import { describe, expect, it } from 'vitest';
import { appOffersTools, appToolArguments, appToolResultText, appToolsOf } from './app-tools';

describe('appOffersTools', () => {
  it("is true when the View's ui/initialize declared tools, as the example apps do", () => {
    expect(appOffersTools({ tools: { listChanged: true } })).toBe(true);
    expect(appOffersTools({ tools: {} })).toBe(true);
  });
  it('is false without the capability, or with one that is not an object', () => {
    expect(appOffersTools(undefined)).toBe(false);
    expect(appOffersTools({ availableDisplayModes: ['inline'] })).toBe(false);
    expect(appOffersTools({ tools: true })).toBe(false);
  });
});

describe('appToolsOf', () => {
  it('reads the name, title, description and input schema of each tool', () => {
    const result = {
      tools: [
        { name: 'get-allocations', title: 'Get Budget Allocations', description: 'Get the current budget allocations', inputSchema: { type: 'object' } },
        { name: 'navigate', inputSchema: 'not a schema' },
      ],
    };
    expect(appToolsOf(result)).toEqual({
      tools: [
        { name: 'get-allocations', title: 'Get Budget Allocations', description: 'Get the current budget allocations', inputSchema: { type: 'object' } },
        { name: 'navigate' },
      ],
      skipped: 0,
    });
  });
  it('leaves out and counts entries without a name', () => {
    expect(appToolsOf({ tools: [{ title: 'no name' }, 'x', { name: '' }, { name: 'ok' }] })).toEqual({ tools: [{ name: 'ok' }], skipped: 3 });
  });
  it('reads a result without a tools array as no tools', () => {
    expect(appToolsOf({})).toEqual({ tools: [], skipped: 0 });
    expect(appToolsOf(null)).toEqual({ tools: [], skipped: 0 });
  });
});

describe('appToolArguments', () => {
  it('takes a JSON object, and empty text as no arguments', () => {
    expect(appToolArguments('{"categoryId":"marketing","percent":40}')).toEqual({ args: { categoryId: 'marketing', percent: 40 } });
    expect(appToolArguments('  ')).toEqual({ args: {} });
  });
  it('says what is wrong with text that is not an object, and what to write', () => {
    expect(appToolArguments('{page: 2}')).toEqual({
      error: expect.stringMatching(/^The arguments are not JSON \(.+\): write an object such as \{"page": 2\}\.$/),
    });
    expect(appToolArguments('[1]')).toEqual({ error: 'The arguments are an array: a tool takes an object, such as {"page": 2}.' });
    expect(appToolArguments('3')).toEqual({ error: 'The arguments are number: a tool takes an object, such as {"page": 2}.' });
  });
});

describe('appToolResultText', () => {
  it('joins text blocks and names the others', () => {
    expect(
      appToolResultText({
        content: [
          { type: 'text', text: 'Set Marketing to 40.0%' },
          { type: 'image', data: 'x' },
        ],
      }),
    ).toBe('Set Marketing to 40.0%\n[image]');
  });
  it('shows structured content when there is no content, and marks an error result', () => {
    expect(appToolResultText({ structuredContent: { page: 2 } })).toBe('{\n  "page": 2\n}');
    expect(appToolResultText({ content: [{ type: 'text', text: 'Error: Viewer not initialized' }], isError: true })).toBe(
      'error: Error: Viewer not initialized',
    );
    expect(appToolResultText({})).toBe('(no content)');
  });
});
