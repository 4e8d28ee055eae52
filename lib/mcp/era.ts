/**
 * The era of every message and of the server (docs/eras.md): legacy (an `initialize` handshake,
 * 2025-11-25 and earlier) or modern (per-request `_meta`, 2026-07-28 on). One trace may hold both:
 * a dual-era client probes with `server/discover` and, on an error that is not a modern one, falls
 * back to `initialize` (basic/transports/stdio#backward-compatibility). Pure and incremental: the
 * analyser classifies each message before its rules run and learns from it after, so the rules of
 * one era never judge the other's traffic.
 */
import type { Direction } from './frame';
import { isKnownVersion, STATEFUL_VERSIONS } from './versions';
import { META_KEYS, MODERN_ERROR_CODES, UNSUPPORTED_VERSION, type Era, isModernErrorCode } from './modern';
import { isObject as isObj, own } from './json';

/** What the server showed it speaks; `unknown` until it answered something telling. */
export type ServerEra = 'unknown' | 'legacy' | 'modern' | 'dual-era';

export type { Era };
export const META_VERSION = META_KEYS.protocolVersion;
export const META_CAPABILITIES = META_KEYS.clientCapabilities;
export const META_CLIENT_INFO = META_KEYS.clientInfo;
export const META_SERVER_INFO = META_KEYS.serverInfo;
export const META_LOG_LEVEL = META_KEYS.logLevel;
export const META_SUBSCRIPTION = META_KEYS.subscriptionId;
/** The errors only a modern server sends (basic/index#error-codes). */
export const [HEADER_MISMATCH, MISSING_CLIENT_CAPABILITY] = MODERN_ERROR_CODES;
export { UNSUPPORTED_VERSION };

/** The parts of a JSON-RPC message the era depends on. */
export interface EraMessage {
  seq: number;
  dir: Exclude<Direction, 'local'>;
  kind: 'request' | 'notification' | 'response' | 'error' | 'unknown';
  method?: string;
  params?: unknown;
  result?: unknown;
  error?: unknown;
}

/** Where the conversation changed era, and why (the sequence diagram and the header show it). */
export interface EraChange {
  seq: number;
  era: Era;
  why: string;
}

type Obj = Record<string, unknown>;

/** The `_meta` object of a message's params or result. */
export function metaOf(holder: unknown): Obj | undefined {
  const m = own(holder, '_meta');
  return isObj(m) ? m : undefined;
}

/** One key of a message's `_meta` (params or result), read the same way by every rule. */
export function metaValue(holder: unknown, key: string): unknown {
  return own(metaOf(holder), key);
}

/** The protocol version a modern request declares in `_meta`, if it does. */
export function metaVersion(params: unknown): string | undefined {
  const v = metaValue(params, META_VERSION);
  return typeof v === 'string' ? v : undefined;
}

/** Why a client request is modern, or undefined when nothing in it says so. */
export function modernSign(msg: EraMessage): string | undefined {
  if (msg.dir !== 'c2s' || msg.kind !== 'request') return undefined;
  if (msg.method === 'server/discover') return '`server/discover`';
  const v = metaVersion(msg.params);
  return v === undefined ? undefined : `\`_meta["${META_VERSION}"]\` = ${JSON.stringify(v)}`;
}

export class EraTracker {
  /** The era the conversation is in: that of the latest telling client message. */
  current?: Era;
  readonly changes: EraChange[] = [];
  /** The versions `server/discover` or a `-32022` said the server supports. */
  supportedVersions?: string[];
  /** The seq of the `server/discover` result the server's facts come from. */
  discoverSeq?: number;
  /** The newest known modern version a request declared: the version modern traffic is judged by. */
  modernVersion?: string;
  /** The first answer that showed the server modern: a result, or a modern error. */
  modernEvidence?: { seq: number; kind: 'result' | 'error' };
  private modern = false;
  private legacy = false;
  private readonly bySeq = new Map<number, Era>();

  /** `requestsOnly`: remember the era of requests only (what an answer is judged by), so a long
   *  trace of notifications grows nothing here; `eraAt` then knows requests only. */
  constructor(private readonly requestsOnly = false) {}

  get server(): ServerEra {
    if (this.modern && this.legacy) return 'dual-era';
    return this.modern ? 'modern' : this.legacy ? 'legacy' : 'unknown';
  }

  /** The era of the message on frame `seq` (its first message, for a batch). */
  eraAt(seq: number): Era | undefined {
    return this.bySeq.get(seq);
  }

  /** Lets go of the era kept for the request on `seq`, returning it: a long trace's judge keeps it
   *  with the answered call instead (CallIndex.compactAnswered), and gives it back with `remember`. */
  forget(seq: number): Era | undefined {
    const era = this.bySeq.get(seq);
    this.bySeq.delete(seq);
    return era;
  }

  remember(seq: number, era: Era | undefined): void {
    if (era !== undefined) this.bySeq.set(seq, era);
  }

  /** The era of a message, before the rules judge it. `requestSeq`: the request a response answers. */
  classify(msg: EraMessage, requestSeq?: number): Era {
    let era: Era;
    if ((msg.kind === 'response' || msg.kind === 'error') && requestSeq !== undefined) era = this.bySeq.get(requestSeq) ?? this.current ?? 'legacy';
    else if (modernSign(msg)) era = 'modern';
    else if (msg.dir === 'c2s' && (msg.method === 'initialize' || msg.method === 'notifications/initialized')) era = 'legacy';
    else if (msg.kind === 'notification' && own(metaOf(msg.params), META_SUBSCRIPTION) !== undefined) era = 'modern';
    else era = this.current ?? 'legacy';
    if ((!this.requestsOnly || msg.kind === 'request') && !this.bySeq.has(msg.seq)) this.bySeq.set(msg.seq, era);
    return era;
  }

  /** Learns from a message once the rules judged it. `request`: what a response answers. */
  learn(msg: EraMessage, request?: { method: string; seq: number }): void {
    const sign = modernSign(msg);
    if (sign) {
      const v = metaVersion(msg.params);
      if (isKnownVersion(v) && !STATEFUL_VERSIONS.includes(v)) this.modernVersion = v;
      this.move(msg.seq, 'modern', sign);
    } else if (msg.dir === 'c2s' && msg.kind === 'request' && msg.method === 'initialize') {
      this.move(msg.seq, 'legacy', this.current === 'modern' ? '`initialize` after modern traffic: the client fell back to the handshake' : '`initialize`');
    }
    if (!request || (msg.kind !== 'response' && msg.kind !== 'error')) return;
    const requestEra = this.bySeq.get(request.seq);
    if (msg.kind === 'response') {
      if (request.method === 'initialize') this.legacy = true;
      else if (requestEra === 'modern') this.markModern(msg.seq, 'result');
      if (request.method === 'server/discover') {
        const versions = own(msg.result, 'supportedVersions');
        if (Array.isArray(versions)) this.learnVersions(versions);
        this.discoverSeq = msg.seq;
      }
      return;
    }
    const code = own(msg.error, 'code');
    if (isModernErrorCode(code)) {
      // Only a modern server sends these (a legacy one knows nothing of them).
      if (requestEra === 'modern') this.markModern(msg.seq, 'error');
      const supported = own(own(msg.error, 'data'), 'supported');
      if (code === UNSUPPORTED_VERSION && Array.isArray(supported)) this.learnVersions(supported);
    } else if (request.method === 'server/discover') {
      // "Anything else identifies a legacy server" (basic/versioning#backward-compatibility...).
      this.legacy = true;
    }
  }

  private markModern(seq: number, kind: 'result' | 'error'): void {
    this.modern = true;
    this.modernEvidence ??= { seq, kind };
  }

  private learnVersions(versions: unknown[]): void {
    this.supportedVersions = versions.filter((v): v is string => typeof v === 'string');
    if (this.supportedVersions.some((v) => (STATEFUL_VERSIONS as readonly string[]).includes(v))) this.legacy = true;
    if (this.supportedVersions.some((v) => !(STATEFUL_VERSIONS as readonly string[]).includes(v))) this.modern = true;
  }

  private move(seq: number, era: Era, why: string): void {
    if (this.current === era) return;
    this.current = era;
    this.changes.push({ seq, era, why });
  }
}
