import { test, expect } from 'mcp-loupe/test';

test.use({ mcpServer: { command: 'node', args: ['server.mjs'] } });

test('notes: tools, resource and prompt, no findings, answers fast', async ({ loupe }) => {
  await loupe.connect();
  expect((await loupe.listTools()).map((t) => t.name)).toEqual(['add-note', 'read-note']);

  const saved = await loupe.callTool('add-note', { title: 'todo', text: 'write tests' });
  expect(saved.isError).toBeFalsy();
  const read = await loupe.callTool('read-note', { title: 'todo' });
  expect(read.content).toEqual([{ type: 'text', text: 'write tests' }]);
  expect((await loupe.callTool('read-note', { title: 'missing' })).isError).toBe(true);

  const index = await loupe.readResource('notes://index');
  expect(index.contents).toEqual([{ uri: 'notes://index', text: 'welcome\ntodo' }]);
  const prompt = await loupe.getPrompt('summarize', { title: 'todo' });
  expect(prompt.messages).toHaveLength(1);

  expect(await loupe.findings({ severity: 'warning' })).toEqual([]);
  await expect(loupe).toHaveNoFindings({ severity: 'error' });
  await expect(loupe).toAnswerWithin('tools/call', 2_000);
  await expect(loupe).toAnswerWithin('tools/call:read-note', 2_000);
  await expect(loupe.page.getByRole('region', { name: 'Sequence' })).toBeVisible();
});
