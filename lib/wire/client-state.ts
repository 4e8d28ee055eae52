/**
 * The state of Loupe's own client in a session, as the proxy holds it and every page shows it:
 * the lists the server gave, the calls in flight and their outcomes, the log
 * level, the roots Loupe offers, the tasks on both sides. The proxy sends a snapshot when a page
 * attaches, then every change (`client/state`); a reload or a second page sees the same panel.
 */
import { z } from 'zod';

const Json = z.unknown();
const Item = z.record(z.string(), Json);

export const ListNameSchema = z.enum(['tools', 'resources', 'templates', 'prompts', 'tasks']);

export const PagedListSchema = z.object({
  items: z.array(Item),
  nextCursor: z.string().optional(),
  pages: z.number().int().nonnegative(),
  cursors: z.array(z.string()),
  error: z.string().optional(),
});

export const ListStateSchema = PagedListSchema.extend({
  /** A page is being fetched. */
  loading: z.boolean(),
});
export type ListState = z.infer<typeof ListStateSchema>;

export const ProgressSchema = z.object({ progress: z.number(), total: z.number().optional(), message: z.string().optional() });
export type Progress = z.infer<typeof ProgressSchema>;

/** Loupe's own code for a request the person cancelled (outside the reserved JSON-RPC range):
 *  the page shows it as a neutral "cancelled", not as an error. */
export const REQUEST_CANCELLED = -1;

/** A JSON-RPC error from the server, or Loupe's own failure (`local`: timeout, cancel, closed). */
export const CallErrorSchema = z.object({ code: z.number().optional(), message: z.string(), data: Json.optional(), local: z.boolean().optional() });
export type CallError = z.infer<typeof CallErrorSchema>;

/** One round of a multi-round-trip call (basic/patterns/mrtr): the request that went out (its own
 *  JSON-RPC id, the answers it carried) and what came back. */
export const InputRoundSchema = z.object({
  requestId: z.number().int().optional(),
  sentResponses: z.record(z.string(), Json).optional(),
  outcome: z.enum(['input_required', 'complete', 'error', 'running']),
  inputRequests: z.record(z.string(), Json).optional(),
  requestState: z.string().optional(),
  /** This round's latency in ms (proxy clock). */
  ms: z.number().optional(),
});
export type InputRound = z.infer<typeof InputRoundSchema>;

export const CallStateSchema = z.object({
  /** The session's name for the call ("c1", "c2", ...), what Cancel names. */
  id: z.string(),
  method: z.string(),
  params: Item.optional(),
  /** Wall-clock ms when the page asked. */
  startedAt: z.number(),
  status: z.enum(['running', 'done', 'failed']),
  progress: ProgressSchema.optional(),
  result: Json.optional(),
  error: CallErrorSchema.optional(),
  /** How long until the answer, in ms (measured in the proxy). */
  ms: z.number().optional(),
  /** The JSON-RPC id of the request on the wire (a multi-round call's latest round): what finds
   *  it in the session's frames, where its latency and cancellation are measured. */
  requestId: z.number().int().optional(),
  /** A multi-round-trip call: every round, oldest first (absent for a call of one round). */
  rounds: z.array(InputRoundSchema).optional(),
  /** The latest round asked for input that a person must give (the keys in `forPerson`); the
   *  session already answered the others (`answered`). */
  awaitingInput: z.object({ inputRequests: z.record(z.string(), Json), forPerson: z.array(z.string()), answered: z.record(z.string(), Json) }).optional(),
});
export type CallState = z.infer<typeof CallStateSchema>;

export const RootSchema = z.object({ uri: z.string().min(1).max(8192), name: z.string().max(1000).optional() });
export type Root = z.infer<typeof RootSchema>;

/** A task Loupe created on the server (a task-augmented tools/call) or saw in tasks/list. */
export const ClientTaskSchema = z.object({
  taskId: z.string(),
  status: z.string(),
  statusMessage: z.string().optional(),
  toolName: z.string().optional(),
  raw: Item,
  result: Item.optional(),
  resultError: CallErrorSchema.optional(),
  /** Statuses seen for this task, in order. */
  history: z.array(z.string()),
  /** A task of the 2026-07-28 tasks extension (tasks/get, tasks/update, tasks/cancel). */
  modern: z.literal(true).optional(),
  /** tasks/get polls made so far. */
  polls: z.number().int().optional(),
});
export type ClientTask = z.infer<typeof ClientTaskSchema>;

/** A task the server created in Loupe (task-augmented sampling or elicitation). */
export const ReceivedTaskSchema = z.object({
  taskId: z.string(),
  method: z.string(),
  params: Item,
  requestSeq: z.number().int().optional(),
  status: z.enum(['working', 'input_required', 'completed', 'failed', 'cancelled']),
  statusMessage: z.string().optional(),
  createdMs: z.number(),
  updatedMs: z.number(),
  ttl: z.number().nullable(),
  pollInterval: z.number(),
  outcome: z.object({ result: Item.optional(), error: z.object({ code: z.number(), message: z.string(), data: Json.optional() }).optional() }).optional(),
  expired: z.literal(true).optional(),
});

/** A subscriptions/listen stream (basic/patterns/subscriptions) and what arrived on it. */
export const ListenSchema = z.object({
  /** The session's name for it ("l1", ...), what Stop names. */
  id: z.string(),
  /** The JSON-RPC id of the listen request: the subscription id its notifications carry. */
  requestId: z.number().int().optional(),
  filter: Item,
  /** What the server agreed to honour, from its acknowledgement, and that frame's seq. */
  acknowledged: Item.optional(),
  ackSeq: z.number().int().optional(),
  status: z.enum(['opening', 'open', 'closed', 'failed']),
  /** The newest notifications tagged with this subscription (at most LISTEN_KEEP). */
  notifications: z.array(z.object({ method: z.string(), params: Json.optional(), seq: z.number().int() })),
  count: z.number().int(),
  error: z.string().optional(),
  startedAt: z.number(),
});
export type Listen = z.infer<typeof ListenSchema>;
export const LISTEN_KEEP = 100;

export const ClientStateSchema = z.object({
  lists: z.object({
    tools: ListStateSchema.optional(),
    resources: ListStateSchema.optional(),
    templates: ListStateSchema.optional(),
    prompts: ListStateSchema.optional(),
    tasks: ListStateSchema.optional(),
  }),
  /** Oldest first: every call still running, the latest of each method, and a short history. */
  calls: z.array(CallStateSchema),
  /** notifications/resources/updated per URI: how many, and the frame of the newest. */
  resourceUpdates: z.record(z.string(), z.object({ count: z.number().int(), lastSeq: z.number().int() })),
  /** The level the server was last set to with logging/setLevel (answered without error); in a
   *  modern session, the level every request carries in `_meta`. */
  logLevel: z.string().optional(),
  /** subscriptions/listen streams, oldest first (modern sessions). */
  listens: z.array(ListenSchema).optional(),
  /** What roots/list is answered with. */
  roots: z.array(RootSchema),
  /** Sampling requests get a fixed reply with no person (for scripted sessions). */
  samplingAuto: z.object({ on: z.boolean(), text: z.string() }),
  clientTasks: z.object({ tasks: z.record(z.string(), ClientTaskSchema), order: z.array(z.string()) }),
  receivedTasks: z.object({ tasks: z.record(z.string(), ReceivedTaskSchema), order: z.array(z.string()) }),
  /** The last automatic duty that failed (an answer or a notification that could not be sent). */
  error: z.string().optional(),
});
export type ClientState = z.infer<typeof ClientStateSchema>;

export function emptyClientState(roots: Root[] = []): ClientState {
  return {
    lists: {},
    calls: [],
    resourceUpdates: {},
    roots,
    samplingAuto: { on: false, text: 'An automatic reply from Loupe.' },
    clientTasks: { tasks: {}, order: [] },
    receivedTasks: { tasks: {}, order: [] },
  };
}

/** Each top-level part of the state is replaced whole by an update. */
export const ClientStatePatchSchema = ClientStateSchema.partial();
export type ClientStatePatch = z.infer<typeof ClientStatePatchSchema>;
