#!/usr/bin/env node
// A small MCP server, the kind a server author tests: two tools, a resource, a prompt.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';

const server = new McpServer({ name: 'notes', version: '1.0.0' });
const notes = new Map([['welcome', 'Notes keeps short texts by title.']]);

server.registerTool(
  'add-note',
  {
    description: 'Stores a note under a title',
    inputSchema: { title: z.string(), text: z.string() },
  },
  async ({ title, text }) => {
    notes.set(title, text);
    return { content: [{ type: 'text', text: `saved "${title}"` }] };
  },
);

server.registerTool(
  'read-note',
  {
    description: 'Returns the note with this title',
    inputSchema: { title: z.string() },
  },
  async ({ title }) =>
    notes.has(title) ? { content: [{ type: 'text', text: notes.get(title) }] } : { content: [{ type: 'text', text: `no note "${title}"` }], isError: true },
);

server.registerResource('index', 'notes://index', { description: 'Every title', mimeType: 'text/plain' }, async (uri) => ({
  contents: [{ uri: uri.href, text: [...notes.keys()].join('\n') }],
}));

server.registerPrompt('summarize', { description: 'Summarize a note', argsSchema: { title: z.string() } }, ({ title }) => ({
  messages: [{ role: 'user', content: { type: 'text', text: `Summarize: ${notes.get(title) ?? ''}` } }],
}));

await server.connect(new StdioServerTransport());
