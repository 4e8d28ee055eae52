/**
 * For the CLI's tests: a command's entry (`main(argv)`, what bin/loupe.mjs runs, or a script's
 * `run(argv)`) run in the test's own process, with what it prints and its exit code collected as a
 * subprocess's would be.
 *
 * A command is written for a process of its own, so while it runs it is given one: its stdout and
 * stderr (written directly or through console) are collected rather than printed, neither stream
 * nor stdin is a terminal (as under execFile, so the output is the piped form and nothing prompts),
 * the environment holds the test's additions, and process.exit throws rather than ending the test
 * runner. Everything is put back when it returns. Runs are queued, one at a time, since they share
 * the process's streams.
 */
import { format } from 'node:util';

export interface CommandOutput {
  code: number;
  stdout: string;
  stderr: string;
}

let queue: Promise<unknown> = Promise.resolve();

/** Runs `entry` (it resolves to the exit code) as described above, after any run still going. */
export function runInProcess(entry: () => Promise<number>, env: Record<string, string> = {}): Promise<CommandOutput> {
  const run = queue.then(() => runNow(entry, env));
  queue = run.catch(() => undefined);
  return run;
}

async function runNow(entry: () => Promise<number>, env: Record<string, string>): Promise<CommandOutput> {
  let stdout = '';
  let stderr = '';
  const toStdout = (text: string) => (stdout += text);
  const toStderr = (text: string) => (stderr += text);
  const restore = [
    replace(process.stdout, 'write', streamWrite(toStdout)),
    replace(process.stderr, 'write', streamWrite(toStderr)),
    ...(['log', 'info', 'debug'] as const).map((m) => replace(console, m, (...a: unknown[]) => toStdout(format(...a) + '\n'))),
    ...(['error', 'warn'] as const).map((m) => replace(console, m, (...a: unknown[]) => toStderr(format(...a) + '\n'))),
    ...[process.stdin, process.stdout, process.stderr].map((stream) => replace(stream, 'isTTY', undefined)),
    replace(process, 'exit', (code?: number) => {
      throw new Error(`process.exit(${code ?? ''}) was called in process: test a command that ends its process as a subprocess (runCliProcess)`);
    }),
    ...Object.entries(env).map(([name, value]) => replaceEnv(name, value)),
  ];
  try {
    return { code: await entry(), stdout, stderr };
  } catch (e) {
    // What the binary does with an error nothing caught: Node prints it and exits 1.
    return { code: 1, stdout, stderr: stderr + `${(e as Error).stack ?? String(e)}\n` };
  } finally {
    for (const undo of restore.reverse()) undo();
  }
}

/** A stand-in for a stream's write(chunk[, encoding][, callback]) that hands the text to `sink`. */
function streamWrite(sink: (text: string) => void) {
  return (chunk: string | Uint8Array, ...rest: unknown[]): boolean => {
    sink(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
    const done = rest.find((r) => typeof r === 'function') as (() => void) | undefined;
    if (done) process.nextTick(done);
    return true;
  };
}

/** Sets `target[key]` to `value` as an own property; the function returned puts back what was there. */
function replace(target: object, key: string, value: unknown): () => void {
  const own = Object.getOwnPropertyDescriptor(target, key);
  Object.defineProperty(target, key, { value, configurable: true, writable: true, enumerable: own?.enumerable ?? false });
  return () => {
    if (own) Object.defineProperty(target, key, own);
    else delete (target as Record<string, unknown>)[key];
  };
}

function replaceEnv(name: string, value: string): () => void {
  const had = Object.hasOwn(process.env, name);
  const before = process.env[name];
  process.env[name] = value;
  return () => {
    if (had) process.env[name] = before;
    else delete process.env[name];
  };
}
