/**
 * `loupe record --out FILE [client options] (--url URL | -- COMMAND [ARGS...])`: starts or reaches the server, runs the
 * handshake and the standard discovery (and a script, if given), closes the session and writes
 * every frame to a trace file.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { InputError, UsageError, parseOwnArgs, splitAtDoubleDash } from './shared/args';
import { CLIENT_FLAGS, CLIENT_USAGE, clientOptions } from './shared/client-options';
import { LOUPE_VERSION } from './shared/version';
import { traceHeader, writeTraceFile } from './shared/trace-file';
import { openHeadless } from './record/headless';
import { runSession } from './record/run-session';
import { TARGET_FLAGS, TARGET_USAGE, targetConnection } from './shared/target';
import { redactFrames } from '../../lib/trace';
import type { Connection } from '../../lib/wire/connection';

const USAGE = `usage: loupe record --out FILE [options] -- COMMAND [ARGS...]
       loupe record --out FILE [options] --url URL [--header 'Name: value']...

Starts COMMAND as a stdio MCP server (or connects to the server at URL), runs the handshake, lists its tools, resources, resource
templates and prompts (with pagination, for each capability it declares), sends the scripted
requests, closes the session and writes the trace to FILE.

  --out FILE                  where to write the trace (NDJSON); the values of --header are
                              redacted from it
${TARGET_USAGE}
${CLIENT_USAGE}`;

export async function run(argv: string[]): Promise<number> {
  let out: string;
  let connection: Connection;
  let client;
  try {
    const split = splitAtDoubleDash(argv);
    const { values, positionals } = parseOwnArgs(split.own, { out: { type: 'string' }, help: { type: 'boolean', short: 'h' }, ...TARGET_FLAGS, ...CLIENT_FLAGS });
    if (values.help) {
      console.log(USAGE);
      return 0;
    }
    if (positionals.length > 0) throw new UsageError(`unexpected '${positionals[0]}': put the server command after --, as in: loupe record --out trace.ndjson -- node server.js`);
    if (!values.out) throw new UsageError('--out FILE is required: where should the trace be written?');
    const target = targetConnection(values, split.command);
    if (!target) throw new UsageError('no server command: give it after --, as in: loupe record --out trace.ndjson -- node server.js (or give --url URL)');
    out = values.out;
    const dir = path.dirname(path.resolve(out));
    if (!existsSync(dir)) throw new InputError(`cannot write the trace to ${out}: the folder ${dir} does not exist`);
    connection = target;
    client = clientOptions(values);
  } catch (e) {
    if (e instanceof InputError) console.error(`loupe record: ${e.message}`);
    else if (e instanceof UsageError) console.error(`loupe record: ${e.message}\n\n${USAGE}`);
    else throw e;
    return 2;
  }

  const record = await runSession(openHeadless, connection, client, { name: 'loupe-record', version: LOUPE_VERSION });
  // Header values given on the command line (tokens, cookies) never reach the file.
  const frames = connection.transport === 'http' ? redactFrames(record.frames, { env: connection.headers }).frames : record.frames;
  try {
    await writeTraceFile(out, traceHeader(connection, LOUPE_VERSION, record.summary.negotiatedVersion), frames);
  } catch (e) {
    console.error(`loupe record: cannot write the trace to ${out}: ${(e as Error).message}`);
    return 2;
  }
  for (const step of record.steps) {
    if (!step.ok) console.error(`loupe record: ${step.method} failed: ${step.error}`);
  }
  if (record.failure) {
    console.error(`loupe record: ${record.failure}\nwrote ${record.frames.length} frames to ${out}`);
    return 1;
  }
  const server = record.summary.serverInfo as { name?: string; version?: string } | undefined;
  console.log(`recorded ${record.frames.length} frames from ${server?.name ?? connection.name} ${server?.version ?? ''}`.trimEnd() + ` (protocol ${record.summary.negotiatedVersion}) to ${out}`);
  return 0;
}
