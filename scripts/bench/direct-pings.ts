/**
 * The baseline: a plain MCP SDK client talking to server-everything over stdio, no Loupe between.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { EVERYTHING_ARGS } from './paths';
import type { Pinger } from './stats';

export async function directPinger(): Promise<Pinger> {
  const client = new Client({ name: 'loupe-bench', version: '1.0.0' });
  const transport = new StdioClientTransport({ command: process.execPath, args: EVERYTHING_ARGS, stderr: 'ignore' });
  await client.connect(transport);
  return { ping: () => client.ping(), close: () => client.close() };
}
