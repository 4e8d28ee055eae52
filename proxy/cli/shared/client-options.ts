/**
 * The client options that `record` and `check` share: what Loupe's client offers in `initialize`,
 * how long it waits, and the scripted calls to make after discovery.
 */
import { readFileSync } from 'node:fs';
import { DEFAULT_PROTOCOL_VERSION } from '../../../lib/mcp/versions';
import { ERA_CHOICES, type EraChoice } from '../../../lib/mcp/modern';
import { InputError, UsageError, oneOf, positiveInteger } from './args';
import { isObject } from '../../../lib/mcp/json';

export interface ScriptStep {
  method: string;
  params?: Record<string, unknown>;
}

export interface ClientOptions {
  protocolVersion: string;
  /** legacy when absent. */
  era?: EraChoice;
  clientCapabilities: Record<string, unknown>;
  /** Per request, in milliseconds. */
  timeoutMs: number;
  script: ScriptStep[];
  /** Extra environment for the server process (on top of the few variables Loupe passes on). */
  env: Record<string, string>;
}

/** A headless client has no roots to offer but answers `roots/list` with an empty list. */
export const DEFAULT_CLIENT_CAPABILITIES: Record<string, unknown> = { roots: {} };
export const DEFAULT_TIMEOUT_MS = 10_000;

export const CLIENT_FLAGS = {
  'protocol-version': { type: 'string' },
  era: { type: 'string' },
  'client-capabilities': { type: 'string' },
  timeout: { type: 'string' },
  script: { type: 'string' },
  env: { type: 'string', multiple: true },
} as const;

export interface ClientFlagValues {
  'protocol-version'?: string;
  era?: string;
  'client-capabilities'?: string;
  timeout?: string;
  script?: string;
  env?: string[];
}

export const ERA_USAGE = `  --era legacy|modern|auto    legacy: the initialize handshake (default); modern: 2026-07-28,
                              server/discover and _meta on every request; auto: the dual-era
                              probe (server/discover, then initialize if the server is legacy)`;

/** --era, checked (legacy when absent). */
export function eraFlag(value: string | undefined): EraChoice {
  return oneOf('--era', value, ERA_CHOICES, 'legacy');
}

export const CLIENT_USAGE = `client options:
  --protocol-version V        the version to ask for (default ${DEFAULT_PROTOCOL_VERSION}; with
                              --era modern or auto, a legacy version means 2026-07-28)
${ERA_USAGE}
  --client-capabilities JSON  the client capabilities object (default ${JSON.stringify(DEFAULT_CLIENT_CAPABILITIES)})
  --timeout MS                how long to wait for each response (default ${DEFAULT_TIMEOUT_MS})
  --script FILE               a JSON array of {"method", "params"} requests to send after
                              discovery (- reads it from standard input)
  --env NAME=VALUE            set an environment variable for the server (repeatable); the
                              server otherwise gets only PATH, HOME and a few other basics`;

function parseCapabilities(text: string | undefined): Record<string, unknown> {
  if (text === undefined) return DEFAULT_CLIENT_CAPABILITIES;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw new UsageError(`--client-capabilities is not valid JSON (${(e as Error).message}); pass an object such as '{"sampling":{}}'`);
  }
  if (!isObject(value)) throw new UsageError(`--client-capabilities must be a JSON object such as '{"sampling":{}}'`);
  return value;
}

export function readScript(file: string): ScriptStep[] {
  const name = file === '-' ? '(standard input)' : file;
  let text: string;
  try {
    // `-`: standard input, so a script can hand the requests over in a here-document (the page's
    // "Copy as CLI" does) and need no temporary file.
    text = readFileSync(file === '-' ? 0 : file, 'utf8');
  } catch (e) {
    throw new InputError(`cannot read the script ${name}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  let steps: unknown;
  try {
    steps = JSON.parse(text);
  } catch (e) {
    throw new InputError(`the script ${name} is not valid JSON: ${(e as Error).message}`);
  }
  if (!Array.isArray(steps)) throw new InputError(`the script ${name} must be a JSON array of {"method", "params"} objects`);
  return steps.map((step, i) => {
    if (!isObject(step) || typeof step.method !== 'string' || step.method === '') {
      throw new InputError(`the script ${name}, entry ${i}: needs a string "method"`);
    }
    if (step.params !== undefined && !isObject(step.params)) {
      throw new InputError(`the script ${name}, entry ${i} (${step.method}): "params" must be an object`);
    }
    return { method: step.method, params: step.params as Record<string, unknown> | undefined };
  });
}

function parseEnv(pairs: string[] = []): Record<string, string> {
  const env: Record<string, string> = {};
  for (const pair of pairs) {
    const eq = pair.indexOf('=');
    if (eq <= 0) throw new UsageError(`--env takes NAME=VALUE, got '${pair}'`);
    env[pair.slice(0, eq)] = pair.slice(eq + 1);
  }
  return env;
}

export function clientOptions(values: ClientFlagValues): ClientOptions {
  const protocolVersion = values['protocol-version'] ?? DEFAULT_PROTOCOL_VERSION;
  if (protocolVersion.trim() === '') throw new UsageError('--protocol-version needs a value such as 2025-11-25');
  return {
    protocolVersion,
    era: eraFlag(values.era),
    clientCapabilities: parseCapabilities(values['client-capabilities']),
    timeoutMs: positiveInteger('--timeout', values.timeout, DEFAULT_TIMEOUT_MS),
    script: values.script === undefined ? [] : readScript(values.script),
    env: parseEnv(values.env),
  };
}
