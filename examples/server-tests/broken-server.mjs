#!/usr/bin/env node
// A server with two classic stdio mistakes, for the spec that is expected to fail: it prints a
// banner to stdout (which is reserved for JSON-RPC) and answers one request with both a result and
// an error. Loupe's analyser reports both as errors.
import { createInterface } from 'node:readline';

const send = (m) => process.stdout.write(JSON.stringify(m) + '\n');
process.stdout.write('broken-server 0.1 listening on stdio\n');
// Logs its key (to stderr, at least): the trace keeps stderr, and its export must redact the value.
process.stderr.write(`using NOTES_API_KEY=${process.env.NOTES_API_KEY}\n`);

createInterface({ input: process.stdin }).on('line', (line) => {
  const msg = JSON.parse(line);
  if (msg.id === undefined) return;
  if (msg.method === 'initialize') {
    send({
      jsonrpc: '2.0',
      id: msg.id,
      result: { protocolVersion: msg.params.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: 'broken', version: '0.1.0' } },
    });
  } else if (msg.method === 'tools/list') {
    send({ jsonrpc: '2.0', id: msg.id, result: { tools: [{ name: 'ping-back', inputSchema: { type: 'object' } }] } });
  } else if (msg.method === 'tools/call') {
    send({ jsonrpc: '2.0', id: msg.id, result: { content: [{ type: 'text', text: 'pong' }] }, error: { code: -32000, message: 'also failed' } });
  } else {
    send({ jsonrpc: '2.0', id: msg.id, error: { code: -32601, message: `unknown method ${msg.method}` } });
  }
});
