/**
 * One headless session, start to end: open (spawn and handshake), discovery, the script, a short
 * settle for trailing notifications, close. Whatever happens, the frames recorded so far come back
 * (from memory: a session that keeps its frames on disk only returns none, see headless.ts).
 */
import type { LiveSession } from '../../sessions/types';
import type { Frame } from '../../../lib/mcp/frame';
import type { SessionSummary } from '../../../lib/wire/protocol';
import type { Connection } from '../../../lib/wire/connection';
import type { EraChoice } from '../../../lib/mcp/modern';
import type { ClientOptions } from '../shared/client-options';
import { discover, readAppResources, runScript, type StepOutcome } from './discovery';

export type OpenSession = (
  connection: Connection,
  options: { protocolVersion: string; era?: EraChoice; clientCapabilities: Record<string, unknown>; clientInfo: { name: string; version: string } },
) => LiveSession;

export interface SessionRecord {
  /** The frames the session held; none when it kept them on disk only (its store has them). */
  frames: Frame[];
  summary: SessionSummary;
  steps: StepOutcome[];
  /** Set when the session could not get through the handshake. */
  failure?: string;
}

/**
 * After the last answer a server often has more to say (log lines, list_changed, a roots/list
 * on a timer: server-everything asks 350 ms after the handshake). Wait until it has been quiet
 * this long, for at most the request timeout.
 */
export const QUIET_MS = 500;

export function quiet(session: LiveSession, quietMs: number, maxMs: number): Promise<void> {
  return new Promise((resolve) => {
    const deadline = setTimeout(finish, maxMs);
    let idle = setTimeout(finish, quietMs);
    const off = session.on('frames', (frames) => {
      if (!frames.some((f) => f.dir === 's2c')) return;
      clearTimeout(idle);
      idle = setTimeout(finish, quietMs);
    });
    function finish() {
      clearTimeout(deadline);
      clearTimeout(idle);
      off();
      resolve();
    }
  });
}

export function waitReady(session: LiveSession, timeoutMs: number): Promise<SessionSummary> {
  const done = (s: SessionSummary) => s.status === 'ready' || s.status === 'failed' || s.status === 'closed';
  const now = session.summary();
  if (done(now)) return Promise.resolve(now);
  return new Promise((resolve) => {
    const giveUp = () => {
      off();
      offFrames();
      resolve({ ...session.summary(), status: 'failed', error: `no answer to initialize within ${timeoutMs} ms (raise it with --timeout)` });
    };
    let timer = setTimeout(giveUp, timeoutMs);
    // The wait is counted from when initialize went out, as the analyser counts it on the wire
    // clock: starting a server can take a while, and that time is not the server's silence.
    const offFrames = session.on('frames', (frames) => {
      if (!frames.some((f) => f.dir === 'c2s' && f.lane === 'message')) return;
      offFrames();
      clearTimeout(timer);
      timer = setTimeout(giveUp, timeoutMs);
    });
    const off = session.on('summary', (s) => {
      if (!done(s)) return;
      clearTimeout(timer);
      off();
      offFrames();
      resolve(s);
    });
  });
}

export interface SessionSteps {
  /** After discovery, read the resource of every tool with a UI (MCP Apps), as a host would. */
  readAppResources?: boolean;
}

export async function runSession(
  open: OpenSession,
  connection: Connection,
  client: ClientOptions,
  clientInfo: { name: string; version: string },
  extra: SessionSteps = {},
): Promise<SessionRecord> {
  const session = open(connection, { protocolVersion: client.protocolVersion, era: client.era, clientCapabilities: client.clientCapabilities, clientInfo });
  const steps: StepOutcome[] = [];
  let failure: string | undefined;
  try {
    const ready = await waitReady(session, client.timeoutMs);
    if (ready.status !== 'ready') {
      failure = ready.error ?? `the session ended during the handshake (${ready.status})`;
    } else {
      const capabilities = ready.serverCapabilities ?? {};
      steps.push(...(await discover(session, capabilities, client.timeoutMs)));
      const tools = steps.find((s) => s.method === 'tools/list')?.items ?? [];
      if (extra.readAppResources) steps.push(...(await readAppResources(session, tools, capabilities, client.timeoutMs)));
      steps.push(...(await runScript(session, client.script, client.timeoutMs)));
      await quiet(session, QUIET_MS, Math.max(QUIET_MS, client.timeoutMs));
    }
  } finally {
    await session.close();
  }
  return { frames: [...session.frames()], summary: session.summary(), steps, failure };
}
