import { MASKED_VALUE, looksSecret, type Connection } from '../../lib/wire/connection';

function maskRecord(values: Record<string, string>, secret: (name: string) => boolean): Record<string, string> {
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, secret(k) ? MASKED_VALUE : v]));
}

/** Header values are all treated as secret: Authorization, API keys and cookies hide under many names. */
const everyHeader = () => true;

/** The copy sent to the page: secret-looking env values and every header value are masked. */
export function maskConnection(c: Connection): Connection {
  if (c.transport === 'stdio') return { ...c, env: maskRecord(c.env, looksSecret) };
  return { ...c, headers: maskRecord(c.headers, everyHeader) };
}

function keepMasked(incoming: Record<string, string>, stored: Record<string, string> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(incoming)) {
    if (v !== MASKED_VALUE) out[k] = v;
    else if (stored && k in stored) out[k] = stored[k];
    else throw new Error(`"${k}" was sent masked but no stored value exists for it: type the value again`);
  }
  return out;
}

/** A save from the page: a value sent back as MASKED_VALUE means "keep the one stored". */
export function unmaskConnection(incoming: Connection, stored: Connection | undefined): Connection {
  if (incoming.transport === 'stdio') {
    const prev = stored?.transport === 'stdio' ? stored.env : undefined;
    return { ...incoming, env: keepMasked(incoming.env, prev) };
  }
  const prev = stored?.transport === 'http' ? stored.headers : undefined;
  return { ...incoming, headers: keepMasked(incoming.headers, prev) };
}
