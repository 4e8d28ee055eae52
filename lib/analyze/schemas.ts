/**
 * Method -> params and result schemas, taken from the official SDK.
 *
 * Why @modelcontextprotocol/sdk 1.x and not the v2 @modelcontextprotocol/core: the 1.x schemas
 * describe 2025-11-25 (the newest stateful version, a superset of the older ones for the fields they
 * share). A 2026-07-28 result with resultType "complete" has the same members as its 2025-11-25
 * counterpart (what the revision added, resultType and the caching hints, is judged by the modern.*
 * rules, and the schemas let unknown members through), so these schemas judge it too; the one
 * result the stateful versions lack, server/discover's, is DISCOVER_RESULT below, built from the
 * revision's DiscoverResult. The v2 package would add a dependency for one schema. The schemas
 * module imports only zod (no node:*), so lib/ stays pure.
 */
import * as z from 'zod/v4';
import * as T from '@modelcontextprotocol/sdk/types.js';
import { METHOD_LIST } from '../mcp/methods';
import { compileGuard } from '../mcp/schema-guard';

type Schema = z.ZodType;

interface ObjectLike {
  shape: { method: { value: string }; params?: Schema };
}

const REQUESTS = [
  T.InitializeRequestSchema,
  T.PingRequestSchema,
  T.ListResourcesRequestSchema,
  T.ListResourceTemplatesRequestSchema,
  T.ReadResourceRequestSchema,
  T.SubscribeRequestSchema,
  T.UnsubscribeRequestSchema,
  T.ListPromptsRequestSchema,
  T.GetPromptRequestSchema,
  T.ListToolsRequestSchema,
  T.CallToolRequestSchema,
  T.SetLevelRequestSchema,
  T.CompleteRequestSchema,
  T.CreateMessageRequestSchema,
  T.ListRootsRequestSchema,
  T.ElicitRequestSchema,
  T.GetTaskRequestSchema,
  T.GetTaskPayloadRequestSchema,
  T.ListTasksRequestSchema,
  T.CancelTaskRequestSchema,
  T.InitializedNotificationSchema,
  T.CancelledNotificationSchema,
  T.ProgressNotificationSchema,
  T.RootsListChangedNotificationSchema,
  T.LoggingMessageNotificationSchema,
  T.ResourceUpdatedNotificationSchema,
  T.ResourceListChangedNotificationSchema,
  T.ToolListChangedNotificationSchema,
  T.PromptListChangedNotificationSchema,
  T.ElicitationCompleteNotificationSchema,
  T.TaskStatusNotificationSchema,
] as unknown as ObjectLike[];

export const PARAMS: ReadonlyMap<string, Schema> = new Map(
  REQUESTS.filter((s) => s.shape.params !== undefined).map((s) => [s.shape.method.value, s.shape.params as Schema]),
);

/** Each method's result schema, named by the method table (lib/mcp/methods.ts). */
export const RESULTS: ReadonlyMap<string, Schema> = new Map(
  METHOD_LIST.flatMap((m) => (m.result ? [[m.method, T[m.result] as unknown as Schema] as const] : [])),
);

/** 2026-07-28 DiscoverResult (server/discover): the versions the server speaks, its capabilities,
 *  and optional instructions. */
export const DISCOVER_RESULT: Schema = T.ResultSchema.extend({
  supportedVersions: z.array(z.string()),
  capabilities: T.ServerCapabilitiesSchema,
  instructions: z.string().optional(),
});

export const SAMPLING_WITH_TOOLS_RESULT: Schema = T.CreateMessageResultWithToolsSchema;
/** What a task-augmented request (params.task) is answered with. */
export const CREATE_TASK_RESULT: Schema = T.CreateTaskResultSchema;

const guards = new WeakMap<Schema, (v: unknown) => boolean>();

/** The analyser's guard for `schema`: parts the guard does not read are asked of zod. */
function analyserGuard(schema: Schema): (v: unknown) => boolean {
  return compileGuard(schema, { fallback: (part) => (v) => part.safeParse(v).success });
}

/**
 * True exactly when `schema.safeParse(value)` succeeds, without zod's copy of every object: a guard
 * compiled from the schema once, on first use, that asks zod itself only about the few parts it
 * does not read (string formats, refinements, transforms). Most messages are valid, so zod runs
 * only to say why one is not.
 */
export function passes(schema: Schema, value: unknown): boolean {
  let guard = guards.get(schema);
  if (!guard) guards.set(schema, (guard = analyserGuard(schema)));
  return guard(value);
}

/** The first issues of a failed parse, as `path: message`. */
export function describeIssues(issues: readonly z.core.$ZodIssue[], max = 3): string {
  const parts = issues.slice(0, max).map((i) => `${i.path.length ? i.path.join('.') : '(root)'}: ${i.message}`);
  return parts.join('; ') + (issues.length > max ? `; and ${issues.length - max} more` : '');
}
