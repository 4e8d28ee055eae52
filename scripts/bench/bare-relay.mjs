// For the tap bench: the least a process between a host and its server can cost. It passes bytes
// both ways and records nothing, so the tap's figures can be read against this floor.
import { spawn } from 'node:child_process';

const [command, ...args] = process.argv.slice(2);
const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'inherit'] });
process.stdin.pipe(child.stdin);
child.stdout.pipe(process.stdout);
child.stdin.on('error', () => {});
child.on('exit', (code) => process.exit(code ?? 1));
