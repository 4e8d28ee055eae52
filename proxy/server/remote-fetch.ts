/**
 * The proxy's fetch of a remote trace, bounded: in size (the trace reader's own limit, past which
 * the page would refuse the file anyway), in time, in redirects, and in where it may connect.
 *
 * Where it may connect: a `?trace=` link is something a person is handed, so the proxy must not
 * become a way to read this machine's cloud metadata service or other link-local addresses
 * (169.254.0.0/16, fe80::/10, the IPv6 and vendor metadata addresses), nor the unspecified
 * address. Loopback and private networks stay allowed: a trace server on this machine or the
 * team's network is a legitimate place to keep traces, and whoever holds the token could start
 * any process there anyway. The check runs on the addresses a name resolves to, at connect time
 * (a custom lookup), and on every redirect, so neither a DNS answer nor a redirect gets around it.
 */
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { get as httpGet, type IncomingMessage } from 'node:http';
import { get as httpsGet } from 'node:https';
import { BlockList, isIP } from 'node:net';
import { formatBytes } from '../../lib/text/bytes';
import { DEFAULT_LIMITS } from '../../lib/trace/reader';

export interface RemoteFetchLimits {
  /** Bytes; the reader counts characters, which for the JSON of a trace are its bytes. */
  maxBytes: number;
  /** The whole fetch, from connecting to the last byte. */
  timeoutMs: number;
  maxRedirects: number;
}

export const REMOTE_TRACE_LIMITS: RemoteFetchLimits = { maxBytes: DEFAULT_LIMITS.maxChars, timeoutMs: 120_000, maxRedirects: 5 };

/** Why a remote trace was not fetched: the status the page gets and a sentence it shows. */
export class RemoteFetchError extends Error {
  constructor(
    readonly status: 403 | 413 | 502 | 504,
    message: string,
  ) {
    super(message);
  }
}

const refused = new BlockList();
refused.addSubnet('169.254.0.0', 16, 'ipv4');
refused.addSubnet('0.0.0.0', 8, 'ipv4');
refused.addAddress('100.100.100.200', 'ipv4');
refused.addSubnet('fe80::', 10, 'ipv6');
refused.addAddress('fd00:ec2::254', 'ipv6');
refused.addAddress('::', 'ipv6');

/** Whether the proxy refuses to connect to this address (IPv4-mapped IPv6 is judged as IPv4). */
export function addressRefused(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
  if (mapped) return refused.check(mapped[1], 'ipv4');
  const family = isIP(bare);
  return family !== 0 && refused.check(bare, family === 6 ? 'ipv6' : 'ipv4');
}

const refusal = (host: string, address: string) =>
  new RemoteFetchError(
    403,
    `Loupe does not fetch traces from ${host}${address === host ? '' : ` (${address})`}: link-local and cloud metadata addresses are refused`,
  );

/** dns.lookup, refusing a name any of whose addresses is refused. */
function checkedLookup(
  hostname: string,
  options: LookupOptions,
  callback: (err: Error | null, address: string | LookupAddress[], family?: number) => void,
): void {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, []);
    const bad = addresses.find((a) => addressRefused(a.address));
    if (bad) return callback(refusal(hostname, bad.address), []);
    if (options.all) return callback(null, addresses);
    callback(null, addresses[0].address, addresses[0].family);
  });
}

function checkUrl(url: URL): void {
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new RemoteFetchError(403, `only http: and https: traces can be fetched, not ${url.protocol}`);
  if (addressRefused(url.hostname)) throw refusal(url.hostname, url.hostname);
}

function getOnce(url: URL, signal: AbortSignal): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const get = url.protocol === 'https:' ? httpsGet : httpGet;
    const req = get(url, { signal, lookup: checkedLookup as never, headers: { accept: 'application/x-ndjson, application/json, text/plain, */*' } }, resolve);
    req.on('error', reject);
  });
}

/**
 * Opens the trace's response (any status), following redirects, within the limits. A declared
 * length over the limit is refused here; the caller bounds what actually arrives.
 */
export async function openRemoteTrace(url: URL, limits: RemoteFetchLimits, signal: AbortSignal): Promise<IncomingMessage> {
  let at = url;
  for (let hop = 0; ; hop++) {
    checkUrl(at);
    let res: IncomingMessage;
    try {
      res = await getOnce(at, signal);
    } catch (e) {
      if (e instanceof RemoteFetchError) throw e;
      if (signal.aborted) throw new RemoteFetchError(504, `Loupe gave up on ${url.href}: no answer within ${limits.timeoutMs / 1000} s`);
      throw new RemoteFetchError(502, `Loupe could not fetch ${at.href}: ${(e as Error).message}`);
    }
    const location = res.headers.location;
    if (res.statusCode && res.statusCode >= 300 && res.statusCode < 400 && location) {
      res.resume();
      if (hop >= limits.maxRedirects) throw new RemoteFetchError(502, `Loupe could not fetch ${url.href}: more than ${limits.maxRedirects} redirects`);
      at = new URL(location, at);
      continue;
    }
    const declared = Number(res.headers['content-length']);
    if (Number.isFinite(declared) && declared > limits.maxBytes) {
      res.destroy();
      throw new RemoteFetchError(
        413,
        `the trace at ${url.href} is ${formatBytes(declared)}, over the limit of ${formatBytes(limits.maxBytes)}; split it or export a time range`,
      );
    }
    return res;
  }
}
