/**
 * The baseline: a plain MCP SDK client talking to server-everything over stdio, no Loupe between.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { EVERYTHING_ARGS } from './paths';
import { timeSequential } from './stats';

export async function directPings(count: number, warmup: number): Promise<number[]> {
  const client = new Client({ name: 'loupe-bench', version: '1.0.0' });
  const transport = new StdioClientTransport({ command: process.execPath, args: EVERYTHING_ARGS, stderr: 'ignore' });
  await client.connect(transport);
  try {
    return await timeSequential(count, warmup, () => client.ping());
  } finally {
    await client.close();
  }
}
