import { describe, expect, it } from 'vitest';
import { answerFor, capabilitiesFor, isErrorAnswer } from './answers';

describe('the test kit answers server requests', () => {
  it('by default never leaves the server waiting, and says how to set an answer for sampling', async () => {
    expect(await answerFor('elicitation/create', {}, {})).toEqual({ action: 'decline' });
    const sampling = await answerFor('sampling/createMessage', {}, {});
    expect(isErrorAnswer(sampling)).toBe(true);
    expect(JSON.stringify(sampling)).toContain("test.use({ serverRequests: { 'sampling/createMessage'");
  });

  it('uses a fixed answer or a function of the params', async () => {
    const policies = { 'roots/list': { roots: [{ uri: 'file:///p' }] }, 'sampling/createMessage': (p: unknown) => ({ echoed: p }) };
    expect(await answerFor('roots/list', {}, policies)).toEqual({ roots: [{ uri: 'file:///p' }] });
    expect(await answerFor('sampling/createMessage', { n: 1 }, policies)).toEqual({ echoed: { n: 1 } });
    expect(isErrorAnswer({ error: { code: 1, message: 'no' } })).toBe(true);
    expect(isErrorAnswer({ error: { code: 1, message: 'no' }, other: 1 })).toBe(false);
  });

  it('declares sampling and elicitation only when the test answers them, and the MCP Apps extension always', () => {
    const apps = { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } };
    expect(capabilitiesFor({})).toEqual({ roots: {}, extensions: apps });
    expect(capabilitiesFor({ 'sampling/createMessage': {}, 'elicitation/create': {} })).toEqual({
      roots: {},
      extensions: apps,
      sampling: {},
      elicitation: { form: {}, url: {} },
    });
  });
});
