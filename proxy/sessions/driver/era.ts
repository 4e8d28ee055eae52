/**
 * How a session starts, per the era its connection asked for: `legacy` runs the initialize
 * handshake; `modern` sends server/discover (2026-07-28, no handshake); `auto` is the spec's
 * dual-era probe (basic/transports/stdio#backward-compatibility, streamable-http#backward-compatibility):
 * discover first, and on any answer that is not a modern one (another error, an HTTP 4xx with no
 * modern error in it, silence) fall back to initialize. A modern error (-32022 and friends) means
 * a modern server: never fall back then, use a version it lists instead.
 */
import { isModernErrorCode, META_KEYS, pickSupported, UNSUPPORTED_VERSION, versionsFor, type Era, type EraChoice } from '../../../lib/mcp/modern';
import type { SessionSummary } from '../../../lib/wire/protocol';
import type { RequestOptions } from '../types';
import { RequestError } from '../request-error';

export interface EraHost {
  request(method: string, params: Record<string, unknown> | undefined, opts?: RequestOptions): Promise<unknown>;
  /** From now on, requests go out in this era and version (a modern one carries the envelope). */
  speak(era: Era, version: string): void;
  legacyHandshake(version: string): Promise<void>;
  update(patch: Partial<SessionSummary>): void;
  /** Ends the start with this message (the session fails; the transport stays for the raw composer). */
  fail(message: string): void;
}

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj | undefined => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : undefined);

const CHOOSE = 'choose another era (--era on the command line, Connect options ⚙ in the page)';

export async function startInEra(choice: EraChoice, asked: string, host: EraHost, discoverTimeoutMs: number): Promise<void> {
  const versions = versionsFor(asked);
  if (choice === 'legacy') {
    host.speak('legacy', versions.legacy);
    return host.legacyHandshake(versions.legacy);
  }
  let version = versions.modern;
  for (let attempt = 0; attempt < 2; attempt++) {
    host.speak('modern', version);
    try {
      const result = obj(await host.request('server/discover', {}, { timeoutMs: discoverTimeoutMs })) ?? {};
      return adoptDiscover(result, version, host);
    } catch (e) {
      const err = e instanceof RequestError ? e : new RequestError(String((e as Error)?.message ?? e), undefined, undefined, true);
      const answeredModern = !err.local && isModernErrorCode(err.code);
      if (answeredModern && err.code === UNSUPPORTED_VERSION) {
        const pick = pickSupported(obj(err.data)?.supported);
        if (pick?.era === 'modern' && pick.version !== version) {
          version = pick.version;
          continue;
        }
        if (pick?.era === 'legacy' && choice === 'auto') {
          host.speak('legacy', pick.version);
          return host.legacyHandshake(pick.version);
        }
        const supported = JSON.stringify(obj(err.data)?.supported ?? []);
        return host.fail(
          `the server does not support ${version} (it supports ${supported}): ${pick?.era === 'legacy' ? `it speaks the legacy protocol: ${CHOOSE}, legacy or auto` : 'no version Loupe speaks'}`,
        );
      }
      if (answeredModern) return host.fail(`server/discover was refused with ${err.code}: ${err.message}`);
      if (choice === 'modern') {
        return host.fail(
          `server/discover failed: ${err.message}. A server that answers this way may speak only the legacy protocol: ${CHOOSE}, auto or legacy`,
        );
      }
      // auto: not a modern answer, so a legacy server (the trace shows the probe and its answer).
      host.speak('legacy', versions.legacy);
      return host.legacyHandshake(versions.legacy);
    }
  }
  host.fail(`the server's -32022 named versions it then refused again: ${CHOOSE}`);
}

/** What server/discover said goes into the session header; the session is ready. */
function adoptDiscover(result: Obj, version: string, host: EraHost): void {
  const supported = Array.isArray(result.supportedVersions) ? result.supportedVersions.filter((v): v is string => typeof v === 'string') : undefined;
  host.update({
    era: 'modern',
    negotiatedVersion: version,
    supportedVersions: supported,
    serverInfo: obj(obj(result._meta)?.[META_KEYS.serverInfo]),
    serverCapabilities: obj(result.capabilities),
    instructions: typeof result.instructions === 'string' ? result.instructions : undefined,
    discoverCache: { ttlMs: result.ttlMs, cacheScope: result.cacheScope },
    status: 'ready',
  });
}
