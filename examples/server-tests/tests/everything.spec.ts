import { createRequire } from 'node:module';
import { test, expect } from 'mcp-loupe/test';

// The reference server, as an MCP host would start it.
const everything = createRequire(import.meta.url).resolve('@modelcontextprotocol/server-everything/dist/index.js');

test.use({
  mcpServer: { command: 'node', args: [everything, 'stdio'] },
  serverRequests: {
    'roots/list': { roots: [{ uri: 'file:///work/project', name: 'project' }] },
    'sampling/createMessage': (params) => ({
      role: 'assistant',
      model: 'test-model',
      stopReason: 'endTurn',
      content: { type: 'text', text: `sampled ${JSON.stringify((params as { messages: unknown[] }).messages.length)} message(s)` },
    }),
  },
});

test('server-everything passes the kit', async ({ loupe }) => {
  await loupe.connect();
  const tools = await loupe.listTools();
  expect(tools.map((t) => t.name)).toContain('echo');

  const echo = await loupe.callTool('echo', { message: 'hi' });
  expect(echo.isError).toBeFalsy();
  expect(echo.content).toEqual([{ type: 'text', text: 'Echo: hi' }]);

  // The server asks the client for its roots after the handshake and for a sampling in a tool:
  // the policies above answer.
  await loupe.serverRequest('roots/list');
  const roots = await loupe.callTool('get-roots-list', {});
  expect(JSON.stringify(roots.content)).toContain('file:///work/project');
  const sampled = await loupe.callTool('trigger-sampling-request', { prompt: 'hello', maxTokens: 10 });
  expect(JSON.stringify(sampled.content)).toContain('sampled 1 message(s)');

  expect(await loupe.getPrompt('simple-prompt')).toHaveProperty('messages');
  expect(await loupe.request('ping')).toEqual({});

  expect(await loupe.findings({ severity: 'error' })).toEqual([]);
  await expect(loupe).toHaveNoFindings({ severity: 'error' });
  await expect(loupe).toAnswerWithin('tools/call:echo', 2_000);
  const frames = await loupe.trace();
  expect(frames.some((f) => f.dir === 'c2s' && f.raw.includes('"trigger-sampling-request"'))).toBe(true);
});
