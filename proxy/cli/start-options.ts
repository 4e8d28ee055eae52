import { parseArgs } from 'node:util';

export const DEFAULT_PORT = 6280;

export interface StartOptions {
  port: number;
  host: string;
  configDir?: string;
  build: boolean;
}

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
        'no-build': { type: 'boolean' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (e) {
    return `${(e as Error).message}\nusage: loupe start [--port N] [--host ADDR] [--config-dir DIR] [--no-build]`;
  }
  const rawPort = values.port ?? env.LOUPE_PORT ?? String(DEFAULT_PORT);
  const port = Number(rawPort);
  if (!/^\d+$/.test(rawPort) || port > 65535) {
    return `the port must be a number from 0 to 65535 (0 picks a free one), not "${rawPort}"${values.port === undefined ? ' (from LOUPE_PORT)' : ''}`;
  }
  return { port, host: values.host ?? '127.0.0.1', configDir: values['config-dir'], build: !values['no-build'] };
}
