// For the ping bench: the least a WebSocket-to-stdio relay can add to the page's ping. It speaks
// just enough of the page protocol (a hello, `session/request` answered with `request/result` by
// rid) and writes each request to the server's stdin as one line; it records, validates and
// streams nothing. Loupe's page path is measured against this floor (scripts/bench/pings.ts).
//   node scripts/bench/ws-relay.mjs <server command> [args...]   prints the URL to connect to
import { spawn } from 'node:child_process';
import { WebSocketServer } from 'ws';

const [command, ...args] = process.argv.slice(2);
const server = spawn(command, args, { stdio: ['pipe', 'pipe', 'ignore'] });
server.stdin.on('error', () => {});
server.on('exit', (code) => process.exit(code ?? 1));
process.on('SIGTERM', () => server.kill());

const waiting = new Map();
let nextId = 1;
let pending = '';
let ready;
const initialized = new Promise((resolve) => (ready = resolve));
server.stdout.setEncoding('utf8');
server.stdout.on('data', (text) => {
  pending += text;
  for (let nl = pending.indexOf('\n'); nl !== -1; nl = pending.indexOf('\n')) {
    const message = JSON.parse(pending.slice(0, nl));
    pending = pending.slice(nl + 1);
    if (message.id === 0) ready();
    const asker = waiting.get(message.id);
    if (!asker) continue;
    waiting.delete(message.id);
    const reply = message.error
      ? { type: 'request/result', rid: asker.rid, error: message.error }
      : { type: 'request/result', rid: asker.rid, result: message.result };
    asker.ws.send(JSON.stringify(reply));
  }
});
const write = (message) => server.stdin.write(JSON.stringify(message) + '\n');
write({
  jsonrpc: '2.0',
  id: 0,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'loupe-bench-relay', version: '1.0.0' } },
});
await initialized;
write({ jsonrpc: '2.0', method: 'notifications/initialized' });

const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
wss.on('connection', (ws) => {
  ws.send(JSON.stringify({ type: 'hello', version: 'floor', defaults: {}, connections: [], sessions: [] }));
  ws.on('message', (data) => {
    const msg = JSON.parse(String(data));
    if (msg.type !== 'session/request') return;
    const id = nextId++;
    waiting.set(id, { ws, rid: msg.rid });
    write({ jsonrpc: '2.0', id, method: msg.method, ...(msg.params ? { params: msg.params } : {}) });
  });
});
wss.on('listening', () => console.log(`http://127.0.0.1:${wss.address().port}/?token=floor`));
