/**
 * The origins of an MCP App's `_meta.ui.csp` lists: whether an entry is one (the host pastes it
 * into a CSP header), and whether an entry allows a URL the HTML loads. The spec's examples are
 * `https://api.weather.com`, `wss://realtime.service.com` and, for wildcard subdomains,
 * `https://*.example.com`.
 */
import { show } from '../../util';

const SCHEMES = new Set(['http', 'https', 'ws', 'wss']);
const KEYWORD = /^'[^']*'$/;
/** A host the URL parser accepts is still not one when it holds what no DNS name can. */
const HOST = /^(?:\[[0-9a-f:.]+\]|[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*\.?)$/i;

interface Source {
  scheme?: string;
  /** Set for `*.example.com`: the entry allows the subdomains of `host`, not `host` itself. */
  wildcard: boolean;
  host: string;
  /** `*` for any port; undefined for the scheme's default. */
  port?: string;
}

/** Why an entry is not an origin a host can put in its CSP, or undefined when it is one. */
export function originProblem(entry: string): string | undefined {
  if (entry === '') return 'is empty';
  if (/[\s;,"]/.test(entry)) return `${show(entry, 80)} holds a space, ";", "," or a quote, which would break the CSP header the host builds from it`;
  if (entry === '*') return '"*" allows every origin; name the origins the app needs';
  if (KEYWORD.test(entry)) return `${show(entry, 40)} is a CSP keyword, not an origin`;
  const sep = entry.indexOf('://');
  if (sep === -1)
    return /^[a-z][a-z0-9+.-]*:$/i.test(entry)
      ? `${show(entry, 40)} is a scheme, not an origin`
      : `${show(entry, 80)} has no scheme; write it as https://${entry.replace(/^\/+/, '')}`;
  const scheme = entry.slice(0, sep).toLowerCase();
  if (!SCHEMES.has(scheme)) return `${show(entry, 80)} uses the scheme "${scheme}"; an origin here is http(s) or ws(s)`;
  const rest = entry.slice(sep + 3);
  const cut = rest.search(/[/?#]/);
  const authority = cut === -1 ? rest : rest.slice(0, cut);
  const tail = cut === -1 ? '' : rest.slice(cut);
  if (tail !== '' && tail !== '/') return `${show(entry, 80)} has a path, query or fragment; give the origin alone (${scheme}://${authority})`;
  if (authority.includes('@')) return `${show(entry, 80)} carries credentials; give the origin alone`;
  const { host, port } = splitPort(authority);
  if (port !== undefined && port !== '*' && !/^\d{1,5}$/.test(port)) return `${show(entry, 80)} has the port "${port}", which is not a number`;
  const bare = host.startsWith('*.') ? host.slice(2) : host;
  if (bare === '' || bare === '*') return `${show(entry, 80)} allows every host; name the hosts the app needs`;
  if (bare.includes('*')) return `${show(entry, 80)} has a wildcard that is not the leftmost label; only https://*.example.com is allowed`;
  if (!HOST.test(bare)) return `${show(entry, 80)} does not name a host`;
  return undefined;
}

function splitPort(authority: string): { host: string; port?: string } {
  const colon = authority.lastIndexOf(':');
  // An IPv6 literal holds colons of its own: a port follows its closing bracket.
  if (colon === -1 || authority.lastIndexOf(']') > colon) return { host: authority };
  return { host: authority.slice(0, colon), port: authority.slice(colon + 1) };
}

/** An entry read as a CSP host-source, leniently: whatever `originProblem` says of it. */
function parseSource(entry: string): Source | undefined {
  const sep = entry.indexOf('://');
  const scheme = sep === -1 ? undefined : entry.slice(0, sep).toLowerCase();
  const rest = sep === -1 ? entry : entry.slice(sep + 3);
  const cut = rest.search(/[/?#]/);
  const { host, port } = splitPort(cut === -1 ? rest : rest.slice(0, cut));
  const wildcard = host.startsWith('*.');
  const name = (wildcard ? host.slice(2) : host).toLowerCase();
  if (name === '') return undefined;
  return { scheme, wildcard, host: name, port };
}

/** The scheme upgrades CSP allows: an http source also allows https, ws also wss. */
function schemeAllows(source: string | undefined, loaded: string): boolean {
  if (source === undefined || source === loaded) return true;
  return (source === 'http' && loaded === 'https') || (source === 'ws' && loaded === 'wss');
}

/**
 * Whether a declared entry lets the app load `url` (an absolute http(s) or ws(s) URL). Lenient
 * where a CSP would be too: `*` allows everything, and a path on the entry is ignored, so the
 * rule that uses it only names loads no reading of the entry could allow.
 */
export function sourceAllows(entry: string, url: URL): boolean {
  if (entry.trim() === '*') return true;
  const source = parseSource(entry.trim());
  if (!source) return false;
  const scheme = url.protocol.slice(0, -1);
  if (!schemeAllows(source.scheme, scheme)) return false;
  const host = url.hostname.toLowerCase();
  if (source.wildcard ? !host.endsWith(`.${source.host}`) : host !== source.host) return false;
  if (source.port === '*') return true;
  // An entry without a port allows the default one of the scheme loaded (an upgrade's too).
  const fallback = DEFAULT_PORTS[scheme];
  return (source.port ?? fallback) === (url.port === '' ? fallback : url.port);
}

const DEFAULT_PORTS: Record<string, string> = { http: '80', https: '443', ws: '80', wss: '443' };
