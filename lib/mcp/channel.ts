/**
 * Channels: more than two parties on one session's wire. The session's own client <-> server
 * conversation is the channel a frame has when it names none; every MCP App the host renders gets
 * one more, `app:<n>`, for its bridge (the View <-> the host, JSON-RPC over postMessage). Pairing,
 * the analyser's state, the diagram's participants and the exports are keyed by channel, so an
 * app's request id 1 is never the session's id 1.
 */
import { APP_CHANNEL_PATTERN, type AppLifecycleMeta, type Direction, type Frame } from './frame';

/** The key of the session's own channel in maps keyed by channel (no app channel can be named so). */
export const SESSION_CHANNEL = 'session';

/** A channel key: `session`, or an app channel `app:<n>`. */
export type ChannelKey = string;

export const channelOf = (f: Pick<Frame, 'channel'>): ChannelKey => f.channel ?? SESSION_CHANNEL;

export const isAppChannel = (channel: string | undefined): channel is string => channel !== undefined && APP_CHANNEL_PATTERN.test(channel);

/** The channel of the `n`th app rendered in a session (1-based). */
export function appChannel(n: number): string {
  if (!Number.isSafeInteger(n) || n < 1) throw new Error(`an app channel is numbered from 1; got ${n}`);
  return `app:${n}`;
}

/** The number of an app channel (`app:3` -> 3), or undefined for the session's channel. */
export function appNumber(channel: string | undefined): number | undefined {
  return isAppChannel(channel) ? Number(channel.slice(4)) : undefined;
}

/** How a person reads a channel: `Session`, `App #2`. */
export function channelLabel(channel: string | undefined): string {
  const n = appNumber(channel);
  return n === undefined ? 'Session' : `App #${n}`;
}

/** Human text for a direction on a channel: on an app channel the View is the client and the host the server. */
export function channelDirectionLabel(channel: string | undefined, dir: Direction): string {
  if (!isAppChannel(channel)) return dir === 'c2s' ? 'client → server' : dir === 's2c' ? 'server → client' : 'local';
  return dir === 'c2s' ? 'app → host' : dir === 's2c' ? 'host → app' : 'local';
}

/** Why a frame that passed the schema still does not fit its channel, or undefined when it does.
 *  An app channel carries the bridge's messages and the host's app events, nothing of a transport. */
export function channelProblem(f: Frame): string | undefined {
  const app = f.meta?.transport === 'app';
  if (f.channel === undefined) return app ? `meta.transport "app" belongs on an app channel: give the frame channel "app:<n>"` : undefined;
  if (f.lane !== 'message' && f.lane !== 'lifecycle')
    return `lane "${f.lane}" on channel ${f.channel}: an app channel carries only message and lifecycle frames`;
  if (f.meta !== undefined && !app)
    return `meta.transport "${f.meta.transport}" on channel ${f.channel}: an app's bridge has no transport meta (leave meta out, or use an app event on the lifecycle lane)`;
  return undefined;
}

/** One line for an app event: `mounted ui://get-time/app.html for get-time (the call at #7)`. */
export function appEventText(m: AppLifecycleMeta): string {
  switch (m.event) {
    case 'app-mounted':
      return `mounted ${m.resourceUri} for ${m.toolName}${m.requestSeq !== undefined ? ` (the call at #${m.requestSeq})` : ''}`;
    case 'app-unmounted':
      return `unmounted${m.reason ? `: ${m.reason}` : ''}`;
    case 'csp-violation':
      return `CSP blocked ${m.blockedUri} (${m.directive})`;
  }
}
