/**
 * `loupe client [options] URL`: a headless MCP client for automation. It connects (authorizing
 * with OAuth when the server answers 401 or 403), runs the handshake and discovery, performs a
 * scenario, answers the server's requests by policy, and writes the trace. Exit 0 when it finished
 * its work, 1 when it could not (no connection, refused authorization, failed handshake), 2 for
 * bad usage; findings about the server change the status only with --fail-on. The official
 * conformance suite drives it: `conformance client --command 'loupe client' --scenario NAME`
 * appends the server's URL and sets MCP_CONFORMANCE_SCENARIO (and MCP_CONFORMANCE_CONTEXT).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { InputError, UsageError, oneOf, parseOwnArgs } from './shared/args';
import { DEFAULT_PROTOCOL_VERSION } from '../../lib/mcp/versions';
import { LOUPE_VERSION } from '../../lib/version';
import { writeTraceFile } from './shared/trace-file';
import { describeTarget } from '../../lib/trace';
import { prepareExport } from '../../lib/render';
import { httpConnectionFromFlags } from '../transports/http/cli-support';
import { createSessionRegistry } from '../sessions/registry';
import { OAuthClient } from '../oauth/client';
import { quiet, waitReady, QUIET_MS } from './record/run-session';
import { answerByPolicy, answerPolicy, policyCapabilities } from './client-command/answers';
import { OAUTH_FLAGS, OAUTH_USAGE, oauthOptions } from './client-command/credentials';
import { ERA_USAGE, eraFlag } from './shared/client-options';
import type { EraChoice } from '../../lib/mcp/modern';
import { SCENARIOS, runScenario, scenarioFor } from './client-command/scenarios';
import { analyzeFrames } from './check/analyze-frames';
import { SEVERITIES, atOrAbove, toFindings, type Severity } from './check/findings';
import { printError, printLine } from './shared/terminal';
import { printable } from '../../lib/text/printable';
import type { HttpConnection } from '../../lib/wire/connection';

const USAGE = `usage: loupe client [options] URL

Connects to the Streamable HTTP server at URL as a headless MCP client: authorizes with OAuth if
the server asks, runs the handshake and discovery, performs the scenario, answers the server's
requests by policy, and writes the trace.

  --scenario NAME             ${SCENARIOS.join(' | ')}, or a conformance scenario name
                              (default: MCP_CONFORMANCE_SCENARIO, else discover)
  --out FILE                  write the trace (NDJSON, secrets redacted unless --no-redact)
  --no-redact                 keep secrets in the trace file
  --answer elicitation=accept-defaults|decline|cancel
  --answer sampling=TEXT|refuse
                              how to answer the server's requests (default: accept elicitations
                              with the schema's defaults, answer sampling with a canned text)
  --root URI                  a root to offer in roots/list (repeatable)
  --fail-on error|warning|info
                              exit 1 when the analyser finds something at or above this level
  --header 'Name: value'      a header to send with every request (repeatable)
  --protocol-version V        the version to ask for (default ${DEFAULT_PROTOCOL_VERSION})
${ERA_USAGE}
  --timeout MS                how long to wait for each response (default 10000)
${OAUTH_USAGE}`;

const FLAGS = {
  scenario: { type: 'string' },
  out: { type: 'string' },
  'no-redact': { type: 'boolean' },
  answer: { type: 'string', multiple: true },
  root: { type: 'string', multiple: true },
  'fail-on': { type: 'string' },
  header: { type: 'string', multiple: true },
  'protocol-version': { type: 'string' },
  era: { type: 'string' },
  timeout: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
  ...OAUTH_FLAGS,
} as const;

export async function run(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  let setup;
  try {
    setup = parse(argv, env);
  } catch (e) {
    if (e instanceof InputError) printError(`loupe client: ${e.message}`);
    else if (e instanceof UsageError) printError(`loupe client: ${e.message}\n\n${USAGE}`);
    else throw e;
    return 2;
  }
  if (setup === 'help') {
    console.log(USAGE);
    return 0;
  }
  const { connection, scenario, policy, oauth, timeoutMs, protocolVersion, era, out, redact, failOn } = setup;
  const auth = oauth ? new OAuthClient(oauth) : undefined;
  const registry = createSessionRegistry({ keepAliveMs: 24 * 3600_000, session: { transport: { auth }, initializeTimeoutMs: Math.max(timeoutMs, 30_000) } });
  const session = registry.open(connection, {
    protocolVersion,
    era,
    clientCapabilities: policyCapabilities(policy),
    clientInfo: { name: 'loupe-client', version: LOUPE_VERSION },
  });
  answerByPolicy(session, policy);
  let failure: string | undefined;
  try {
    const ready = await waitReady(session, Math.max(timeoutMs, 30_000));
    if (ready.status !== 'ready') {
      failure = auth?.lastError ?? ready.error ?? `the session ended during the handshake (${ready.status})`;
    } else {
      const steps = await runScenario(scenario, session, ready.serverCapabilities ?? {}, timeoutMs);
      await quiet(session, QUIET_MS, Math.max(QUIET_MS, timeoutMs));
      for (const step of steps) if (!step.ok) printError(`loupe client: ${printable(step.method)} failed: ${printable(step.error ?? '')}`);
      if (auth?.lastError && steps.some((s) => !s.ok)) printError(`loupe client: ${printable(auth.lastError)}`);
    }
  } finally {
    await session.close();
    auth?.close();
  }
  const frames = [...session.frames()];
  if (out) {
    const trace = prepareExport({
      frames,
      target: describeTarget(connection),
      loupeVersion: LOUPE_VERSION,
      negotiatedVersion: session.summary().negotiatedVersion,
      requestTimeoutMs: timeoutMs,
      redact: redact ? {} : false,
    });
    try {
      await writeTraceFile(out, trace.header, trace.frames);
    } catch (e) {
      printError(`loupe client: cannot write the trace to ${out}: ${(e as Error).message}`);
      return 2;
    }
  }
  if (failure) {
    printError(`loupe client: ${printable(failure)}`);
    return 1;
  }
  const findings = toFindings(analyzeFrames(frames, { timeoutMs }));
  for (const f of findings) printError(`${f.severity} ${f.rule}: ${printable(f.message)}`);
  printLine(`finished ${scenario} with ${frames.length} frames${out ? `, trace in ${out}` : ''}`);
  return failOn && findings.some((f) => atOrAbove(f.severity, failOn)) ? 1 : 0;
}

interface Setup {
  connection: HttpConnection;
  scenario: ReturnType<typeof scenarioFor> & string;
  policy: ReturnType<typeof answerPolicy>;
  oauth: ReturnType<typeof oauthOptions>;
  timeoutMs: number;
  protocolVersion: string;
  era: EraChoice;
  out?: string;
  redact: boolean;
  failOn?: Severity;
}

function parse(argv: string[], env: NodeJS.ProcessEnv): Setup | 'help' {
  const { values, positionals } = parseOwnArgs(argv, FLAGS);
  if (values.help) return 'help';
  if (positionals.length !== 1)
    throw new UsageError(
      positionals.length === 0 ? 'give the server URL, as in: loupe client http://localhost:3000/mcp' : `one URL only, got ${positionals.length} arguments`,
    );
  const url = positionals[0];
  const name = values.scenario ?? env.MCP_CONFORMANCE_SCENARIO ?? 'discover';
  const scenario = scenarioFor(name);
  if (!scenario) throw new UsageError(`unknown scenario '${name}': use ${SCENARIOS.join(', ')} or a conformance scenario name`);
  let connection: HttpConnection;
  try {
    connection = httpConnectionFromFlags(url, values.header ?? [], 'streamable') as HttpConnection;
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
  if (values.out) {
    const dir = path.dirname(path.resolve(values.out));
    if (!existsSync(dir)) throw new InputError(`cannot write the trace to ${values.out}: the folder ${dir} does not exist`);
  }
  const timeoutMs = values.timeout === undefined ? 10_000 : Number(values.timeout);
  if (!Number.isInteger(timeoutMs) || timeoutMs <= 0) throw new UsageError(`--timeout ${values.timeout}: give a whole number of milliseconds`);
  const log = (line: string) => printError(`loupe client: ${printable(line)}`);
  const prompt = (u: string) => printError(`loupe client: open this URL to authorize, then come back:\n  ${u}`);
  return {
    connection,
    scenario,
    timeoutMs,
    out: values.out,
    redact: !values['no-redact'],
    policy: answerPolicy(values.answer ?? [], values.root ?? []),
    oauth: oauthOptions(values, connection.url, env, log, prompt),
    protocolVersion: values['protocol-version'] ?? DEFAULT_PROTOCOL_VERSION,
    era: eraFlag(values.era),
    failOn: values['fail-on'] === undefined ? undefined : oneOf('--fail-on', values['fail-on'], SEVERITIES, 'error'),
  };
}
