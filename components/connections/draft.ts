/**
 * The New connection form's state and its conversion to a saved connection. Arguments stay a list
 * of separate strings from the first keystroke to the spawn: there is no shell string to split.
 */
import { StdioConnectionSchema, type StdioConnection } from '../../lib/wire/connection';

export interface EnvRow {
  name: string;
  value: string;
}

export interface ConnectionDraft {
  id?: string;
  name: string;
  command: string;
  args: string[];
  env: EnvRow[];
  cwd: string;
}

export const emptyDraft: ConnectionDraft = { name: '', command: '', args: [], env: [], cwd: '' };

export function draftFrom(c: StdioConnection): ConnectionDraft {
  return {
    id: c.id,
    name: c.name,
    command: c.command,
    args: [...c.args],
    env: Object.entries(c.env).map(([name, value]) => ({ name, value })),
    cwd: c.cwd ?? '',
  };
}

function slug(name: string): string {
  return (
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 40) || 'server'
  );
}

export type DraftResult = { ok: true; connection: StdioConnection } | { ok: false; error: string };

export function draftToConnection(d: ConnectionDraft, newId: () => string = () => Math.random().toString(36).slice(2, 8)): DraftResult {
  const name = d.name.trim();
  const command = d.command.trim();
  if (!name) return { ok: false, error: 'Give the connection a name.' };
  if (!command) return { ok: false, error: 'Enter the command to run, e.g. node or npx (arguments go in their own fields below).' };
  const env: Record<string, string> = {};
  for (const row of d.env) {
    const key = row.name.trim();
    if (!key) {
      if (row.value) return { ok: false, error: 'An environment variable has a value but no name.' };
      continue;
    }
    if (key in env) return { ok: false, error: `The environment variable ${key} is set twice.` };
    env[key] = row.value;
  }
  const candidate = {
    id: d.id ?? `${slug(name)}-${newId()}`,
    name,
    transport: 'stdio' as const,
    command,
    args: d.args,
    env,
    ...(d.cwd.trim() ? { cwd: d.cwd.trim() } : {}),
  };
  const parsed = StdioConnectionSchema.safeParse(candidate);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, error: `The connection is invalid at ${issue?.path.join('.') || 'top level'}: ${issue?.message}.` };
  }
  return { ok: true, connection: parsed.data };
}
