/**
 * Method -> params and result schemas, taken from the official SDK.
 *
 * Why @modelcontextprotocol/sdk 1.x and not the v2 @modelcontextprotocol/core: the 1.x schemas
 * describe 2025-11-25 (the newest stateful version, a superset of the older ones for the fields they
 * share), and the analyser does not validate 2026-07-28 traffic message by message: it labels that
 * era instead. The v2 package would add a dependency for the one version we do not judge. The
 * schemas module imports only zod (no node:*), so lib/ stays pure.
 */
import type * as z from 'zod/v4';
import * as T from '@modelcontextprotocol/sdk/types.js';

type Schema = z.ZodType;

interface ObjectLike {
  shape: { method: { value: string }; params?: Schema };
}

const REQUESTS = [
  T.InitializeRequestSchema, T.PingRequestSchema, T.ListResourcesRequestSchema, T.ListResourceTemplatesRequestSchema,
  T.ReadResourceRequestSchema, T.SubscribeRequestSchema, T.UnsubscribeRequestSchema, T.ListPromptsRequestSchema,
  T.GetPromptRequestSchema, T.ListToolsRequestSchema, T.CallToolRequestSchema, T.SetLevelRequestSchema,
  T.CompleteRequestSchema, T.CreateMessageRequestSchema, T.ListRootsRequestSchema, T.ElicitRequestSchema,
  T.GetTaskRequestSchema, T.GetTaskPayloadRequestSchema, T.ListTasksRequestSchema, T.CancelTaskRequestSchema,
  T.InitializedNotificationSchema, T.CancelledNotificationSchema, T.ProgressNotificationSchema,
  T.RootsListChangedNotificationSchema, T.LoggingMessageNotificationSchema, T.ResourceUpdatedNotificationSchema,
  T.ResourceListChangedNotificationSchema, T.ToolListChangedNotificationSchema, T.PromptListChangedNotificationSchema,
  T.ElicitationCompleteNotificationSchema, T.TaskStatusNotificationSchema,
] as unknown as ObjectLike[];

export const PARAMS: ReadonlyMap<string, Schema> = new Map(
  REQUESTS.filter((s) => s.shape.params !== undefined).map((s) => [s.shape.method.value, s.shape.params as Schema]),
);

export const RESULTS: ReadonlyMap<string, Schema> = new Map<string, Schema>([
  ['initialize', T.InitializeResultSchema],
  ['ping', T.EmptyResultSchema],
  ['resources/list', T.ListResourcesResultSchema],
  ['resources/templates/list', T.ListResourceTemplatesResultSchema],
  ['resources/read', T.ReadResourceResultSchema],
  ['resources/subscribe', T.EmptyResultSchema],
  ['resources/unsubscribe', T.EmptyResultSchema],
  ['prompts/list', T.ListPromptsResultSchema],
  ['prompts/get', T.GetPromptResultSchema],
  ['tools/list', T.ListToolsResultSchema],
  ['tools/call', T.CallToolResultSchema],
  ['logging/setLevel', T.EmptyResultSchema],
  ['completion/complete', T.CompleteResultSchema],
  ['sampling/createMessage', T.CreateMessageResultSchema],
  ['roots/list', T.ListRootsResultSchema],
  ['elicitation/create', T.ElicitResultSchema],
  ['tasks/get', T.GetTaskResultSchema],
  ['tasks/result', T.GetTaskPayloadResultSchema],
  ['tasks/list', T.ListTasksResultSchema],
  ['tasks/cancel', T.CancelTaskResultSchema],
]);

export const SAMPLING_WITH_TOOLS_RESULT: Schema = T.CreateMessageResultWithToolsSchema;
/** What a task-augmented request (params.task) is answered with. */
export const CREATE_TASK_RESULT: Schema = T.CreateTaskResultSchema;

/** The first issues of a failed parse, as `path: message`. */
export function describeIssues(issues: readonly z.core.$ZodIssue[], max = 3): string {
  const parts = issues.slice(0, max).map((i) => `${i.path.length ? i.path.join('.') : '(root)'}: ${i.message}`);
  return parts.join('; ') + (issues.length > max ? `; and ${issues.length - max} more` : '');
}
