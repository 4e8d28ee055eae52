import { test, expect } from 'mcp-loupe/test';

// A secret in the server's environment: the trace attached to the report must not show it.
test.use({ mcpServer: { command: 'node', args: ['broken-server.mjs'], env: { NOTES_API_KEY: 'sk-example-secret-0123456789' } } });

// Expected to fail: the server breaks the stdio transport. The report then holds the redacted
// trace and a screenshot of the Sequence pane, so the failure shows what crossed the wire.
test('a broken server fails the kit, with the trace attached', async ({ loupe }) => {
  test.fail();
  await loupe.connect();
  // The client takes the error of a response that has both (the analyser reports the response).
  await expect(loupe.callTool('ping-back', {})).rejects.toThrow('tools/call failed (-32000): also failed');
  await expect(loupe).toHaveNoFindings({ severity: 'error' });
});
