/**
 * What a connection tells redaction: the values a person configured that must not leave the
 * machine in a shared file. Every output (the page's Export dialog and Sequence export, the
 * proxy's export, `loupe record`, `check` and `export`) derives its secrets from here, so they
 * all redact the same values:
 *
 * - env: values of secret-looking names (`API_KEY`, `GITHUB_TOKEN`, …), as before;
 * - headers: every configured header value, whatever its name: the page masks them all, and an
 *   `X-Custom` header is as likely to carry a key as `Authorization`; `Bearer abc` also yields
 *   `abc`, which a server may echo alone. Skipped: values Loupe sets itself (`Accept`,
 *   `Content-Type`, `MCP-Protocol-Version`) and values that cannot be credentials but would
 *   corrupt JSON if replaced everywhere (`true`, `false`, `null`, numbers of up to 6 digits);
 * - the URL: user name, password, and query values under secret-looking names (`?api_key=`,
 *   `?sig=`); other query values such as `?mode=json` are settings, and replacing `json`
 *   everywhere would wreck the trace;
 * - arguments: the value of a secret-looking flag (`--token=VALUE`, `--password VALUE`), of a
 *   secret-looking `NAME=VALUE` and of a secret `Name: value` header given as an argument.
 *   Arguments that merely look like keys (`--api ghp_…`) are caught by the built-in patterns.
 *
 * - oauth: every credential the session's OAuth client held (access, refresh and ID tokens, the
 *   client secret and its Basic form, the authorization code, the PKCE verifier), found wherever
 *   they crossed, whatever field or header carried them. The page is sent frames masked with these
 *   alone (masked-frames.ts); exports apply them on top of every other rule.
 *
 * Values shorter than 4 characters are never treated as secrets: replacing them wherever they
 * appear would destroy the trace and they protect nothing.
 */
import { looksSecret } from '../wire/connection';
import { envNameLooksSecret, SECRET_HEADERS } from './redact-rules';
import { envSecrets, type KnownSecret, type RedactOptions } from './redact';

export interface RedactionTarget {
  command?: string;
  args?: readonly string[];
  env?: Record<string, string>;
  url?: string;
  headers?: Record<string, string>;
  oauth?: readonly string[];
}

const MIN_LENGTH = 4;
const SET_BY_LOUPE = new Set(['accept', 'content-type', 'mcp-protocol-version', 'last-event-id']);
const NOT_A_CREDENTIAL = /^(?:true|false|null|\d{1,6})$/i;

const secretName = (name: string) => looksSecret(name) || envNameLooksSecret(name) || (SECRET_HEADERS as readonly string[]).includes(name.toLowerCase());

function headerSecrets(headers: Record<string, string>): KnownSecret[] {
  const out: KnownSecret[] = [];
  for (const [name, raw] of Object.entries(headers)) {
    const value = raw.trim();
    const rule = `header:${name.toLowerCase()}`;
    if (SET_BY_LOUPE.has(name.toLowerCase()) || NOT_A_CREDENTIAL.test(value)) continue;
    out.push({ rule, value });
    // `Bearer abc`, `Basic abc`, `token abc`: the credential alone may be echoed too.
    const scheme = /^[A-Za-z][A-Za-z0-9-]*\s+(\S.*)$/.exec(value);
    if (scheme) out.push({ rule, value: scheme[1] });
  }
  return out;
}

function urlSecrets(raw: string): KnownSecret[] {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return [];
  }
  const out: KnownSecret[] = [];
  const both = (rule: string, decoded: string, encoded: string) => {
    out.push({ rule, value: decoded });
    if (encoded !== decoded) out.push({ rule, value: encoded });
  };
  if (url.username) both('url:username', decodeURIComponent(url.username), url.username);
  if (url.password) both('url:password', decodeURIComponent(url.password), url.password);
  for (const part of url.search.slice(1).split('&')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    const name = safeDecode(part.slice(0, eq));
    const encoded = part.slice(eq + 1);
    if (secretName(name) || /sig/i.test(name)) both(`url:${name}`, safeDecode(encoded), encoded);
  }
  return out;
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return s;
  }
}

function argSecrets(args: readonly string[]): KnownSecret[] {
  const out: KnownSecret[] = [];
  args.forEach((arg, i) => {
    const flagEq = /^(--?[A-Za-z0-9_.-]+)=(.*)$/s.exec(arg);
    const assignment = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/s.exec(arg);
    const header = /^([A-Za-z0-9-]+):\s*(\S.*)$/s.exec(arg);
    const previous = args[i - 1];
    if (flagEq && secretName(flagEq[1])) out.push({ rule: `arg:${flagEq[1]}`, value: flagEq[2] });
    else if (assignment && secretName(assignment[1])) out.push({ rule: `arg:${assignment[1]}`, value: assignment[2] });
    else if (header && secretName(header[1])) out.push(...headerSecrets({ [header[1]]: header[2] }).map((s) => ({ ...s, rule: `arg:${header[1]}` })));
    else if (previous !== undefined && /^--?[A-Za-z0-9_.-]+$/.test(previous) && secretName(previous) && !arg.startsWith('-'))
      out.push({ rule: `arg:${previous}`, value: arg });
  });
  return out;
}

/** The known secrets of a connection or a command line, for RedactOptions.secrets. */
export function redactionInputs(target: RedactionTarget): KnownSecret[] {
  return [
    ...envSecrets(target.env ?? {}),
    ...headerSecrets(target.headers ?? {}),
    ...(target.url ? urlSecrets(target.url) : []),
    ...argSecrets(target.args ?? []),
    ...(target.oauth ?? []).map((value) => ({ rule: 'oauth:credential', value })),
  ].filter((s) => s.value.length >= MIN_LENGTH);
}

/** The options every export of a connection's frames uses: the person's own rules and switches,
 *  plus the connection's known secrets. */
export function redactOptionsFor(target: RedactionTarget, own: Omit<RedactOptions, 'env' | 'secrets'> = {}): RedactOptions {
  return { ...own, secrets: redactionInputs(target) };
}
