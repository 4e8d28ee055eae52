/**
 * What the page tells the proxy of the MCP Apps it renders (components/apps): it mounts an app and
 * gets its channel, sends every bridge message both ways as it crossed, the sandbox's CSP
 * violations, and the unmount. The proxy stamps seq and time and records each one into the
 * session's trace on the app's channel (proxy/sessions/app-channels.ts). Strict objects: a field
 * the proxy would not record is refused by name, not dropped.
 */
import { z } from 'zod';
import { ChannelSchema } from '../mcp/frame';

const Rid = z.string().max(100).optional();
const SessionId = z.string().min(1).max(100);
/** The largest bridge message recorded, as for `session/send-raw`. */
const MAX_TEXT = 16 * 1024 * 1024;

export const AppPageMessageSchemas = [
  /** The page rendered the `ui://` resource of a tool; the ack names its channel (`channel`). */
  z.strictObject({
    type: z.literal('app/open'),
    rid: Rid,
    sessionId: SessionId,
    toolName: z.string().min(1).max(1000),
    resourceUri: z.string().min(1).max(4000),
    /** The JSON-RPC id of the session's tools/call whose result the app shows. */
    requestId: z.union([z.string().max(1000), z.number().int()]).optional(),
  }),
  /** One bridge message: `c2s` app -> host, `s2c` host -> app; `text` is its JSON. The proxy
   *  answers it only when it could not record it (an `ack` with ok:false and its `rid`). */
  z.strictObject({
    type: z.literal('app/frame'),
    rid: Rid,
    sessionId: SessionId,
    channel: ChannelSchema,
    dir: z.enum(['c2s', 's2c']),
    text: z.string().max(MAX_TEXT),
  }),
  /** The sandbox's policy refused something in the app's frame. */
  z.strictObject({
    type: z.literal('app/csp-violation'),
    rid: Rid,
    sessionId: SessionId,
    channel: ChannelSchema,
    directive: z.string().min(1).max(200),
    blockedUri: z.string().max(8192),
    policy: z.string().max(65_536),
  }),
  /** The page removed the app's frame (after the bridge's teardown, when the app answered). */
  z.strictObject({ type: z.literal('app/close'), rid: Rid, sessionId: SessionId, channel: ChannelSchema, reason: z.string().max(1000).optional() }),
] as const;
