import { parseArgs } from 'node:util';
import { DEFAULT_SESSION_BUDGET_BYTES } from '../sessions/budget';
import { parseByteSize } from '../shared/sizes';
import { DEFAULT_DISK_BUDGET, diskBudgetFrom, type DiskBudget } from '../store/disk-budget';
import { formatBytes } from '../../lib/text/bytes';
import { parseOtlpEndpoint, type OtlpEndpoint } from '../../lib/wire/otlp-endpoint';
import { OTLP_USAGE } from './shared/otlp-option';

export const DEFAULT_PORT = 6280;

export interface StartOptions {
  port: number;
  host: string;
  configDir?: string;
  /** Bytes of frame text each session keeps before it records metadata only. */
  sessionBudget: number;
  /** What stored sessions may take on disk, each and together. */
  disk: DiskBudget;
  /** Where every session's spans and metrics are streamed, when set. */
  otlp?: OtlpEndpoint;
}

export const START_USAGE = `usage: loupe start [--port N] [--host ADDR] [--config-dir DIR] [--session-budget SIZE] [--disk-budget SIZE] [--disk-total SIZE] [--otlp URL]

  --port N                    the port (default ${DEFAULT_PORT}, or LOUPE_PORT; 0 picks a free one)
  --host ADDR                 the address to listen on (default 127.0.0.1: this machine only)
  --config-dir DIR            saved connections, taps, stored sessions and pid files (default LOUPE_CONFIG_DIR or ~/.config/loupe)
  --session-budget SIZE       frame text each live session keeps in memory before the page gets metadata only
                              (the session on disk keeps every frame whole; or LOUPE_SESSION_BUDGET)
  --disk-budget SIZE          disk each stored session may take (default ${formatBytes(DEFAULT_DISK_BUDGET.sessionBytes)}, or LOUPE_DISK_BUDGET)
  --disk-total SIZE           disk all stored sessions may take; past it the oldest are deleted
                              (default ${formatBytes(DEFAULT_DISK_BUDGET.totalBytes)}, or LOUPE_DISK_TOTAL)
${OTLP_USAGE}`;

/** Reads `loupe start` flags; a string return is the message for a bad command line. */
export function parseStartOptions(argv: string[], env: Record<string, string | undefined> = process.env): StartOptions | string {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        'config-dir': { type: 'string' },
        'session-budget': { type: 'string' },
        'disk-budget': { type: 'string' },
        'disk-total': { type: 'string' },
        otlp: { type: 'string' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (e) {
    return `${(e as Error).message}\n${START_USAGE}`;
  }
  const rawPort = values.port ?? env.LOUPE_PORT ?? String(DEFAULT_PORT);
  const port = Number(rawPort);
  if (!/^\d+$/.test(rawPort) || port > 65535) {
    return `the port must be a number from 0 to 65535 (0 picks a free one), not "${rawPort}"${values.port === undefined ? ' (from LOUPE_PORT)' : ''}`;
  }
  const rawBudget = values['session-budget'] ?? env.LOUPE_SESSION_BUDGET;
  const sessionBudget = rawBudget === undefined ? DEFAULT_SESSION_BUDGET_BYTES : parseByteSize(rawBudget);
  if (typeof sessionBudget === 'string')
    return `--session-budget: ${sessionBudget}${values['session-budget'] === undefined ? ' (from LOUPE_SESSION_BUDGET)' : ''}`;
  const disk = diskBudgetFrom(values, env);
  if (typeof disk === 'string') return disk;
  const otlp = values.otlp === undefined ? undefined : parseOtlpEndpoint(values.otlp);
  if (typeof otlp === 'string') return `--otlp: ${otlp}`;
  return { port, host: values.host ?? '127.0.0.1', configDir: values['config-dir'], sessionBudget, disk, ...(otlp ? { otlp } : {}) };
}
