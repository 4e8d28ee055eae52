/** schema.*: params and results against the SDK's schemas for the method. */
import type * as z from 'zod/v4';
import { methodInfo, definedIn } from '../../mcp/methods';
import { CREATE_TASK_RESULT, describeIssues, DISCOVER_RESULT, PARAMS, passes, RESULTS, SAMPLING_WITH_TOOLS_RESULT } from '../schemas';
import type { MessageContext, RuleModule } from '../types';
import { hasOwn, isObj, own } from '../util';

/**
 * Parts of a message that a more specific rule judges (with a better message): schema issues under
 * these paths are left to that rule, so one fault gets one annotation. `*` matches one segment.
 */
const OWNED_PARAMS: Record<string, string[]> = {
  'sampling/createMessage': ['messages.*.content'],
  'elicitation/create': ['requestedSchema', 'url', 'elicitationId'],
  'notifications/tasks/status': ['taskId', 'status', 'createdAt', 'lastUpdatedAt', 'ttl'],
};
const TASK_FIELDS = ['taskId', 'status', 'createdAt', 'lastUpdatedAt', 'ttl'];
const OWNED_RESULTS: Record<string, string[]> = {
  'tools/list': ['tools.*.inputSchema'],
  'tools/call': ['content', 'structuredContent', 'task'],
  'prompts/get': ['messages.*.content'],
  'sampling/createMessage': ['content', 'task'],
  'elicitation/create': ['task'],
  'roots/list': ['roots.*.uri'],
  'completion/complete': ['completion.values'],
  'tasks/get': TASK_FIELDS,
  'tasks/cancel': TASK_FIELDS,
  'tasks/list': TASK_FIELDS.map((f) => `tasks.*.${f}`),
};

/**
 * Where a more specific rule owns a part whose every issue would be dropped anyway, the part is
 * swapped for a valid stand-in before the SDK's schema reads it: a tool's `inputSchema` and a call
 * result's content are most of a message's bytes, and validating them twice was most of the
 * analyser's time on real sessions. Same annotations, less work. (A Map: asked for every result,
 * mostly for methods it lacks, which an object answers through a slow, megamorphic lookup.)
 */
const STAND_INS = new Map<string, (result: Record<string, unknown>) => Record<string, unknown>>([
  [
    'tools/list',
    (r) =>
      Array.isArray(r.tools) ? { ...r, tools: r.tools.map((t) => (isObj(t) && isObj(t.inputSchema) ? { ...t, inputSchema: { type: 'object' } } : t)) } : r,
  ],
  ['tools/call', (r) => ({ ...r, ...(Array.isArray(r.content) ? { content: [] } : {}), ...(isObj(r.structuredContent) ? { structuredContent: {} } : {}) })],
]);

function owned(issuePath: readonly PropertyKey[], patterns: readonly string[] | undefined): boolean {
  return !!patterns?.some((p) => {
    const parts = p.split('.');
    return parts.length <= issuePath.length && parts.every((part, i) => part === '*' || part === String(issuePath[i]));
  });
}

/** A union failure says only "Invalid input": report the issues of its closest branch instead. */
function closest(issue: z.core.$ZodIssue): z.core.$ZodIssue[] {
  if (issue.code !== 'invalid_union' || !issue.errors?.length) return [issue];
  const branch = issue.errors.reduce((best, b) => (b.length < best.length ? b : best));
  if (branch.length === 0) return [issue];
  return branch.flatMap((sub) => closest({ ...sub, path: [...issue.path, ...sub.path] } as z.core.$ZodIssue));
}

function unowned(error: z.ZodError, patterns: readonly string[] | undefined): z.core.$ZodIssue[] | undefined {
  const issues = error.issues.flatMap(closest).filter((i) => !owned(i.path, patterns));
  return issues.length ? issues : undefined;
}

export const schemaRules: RuleModule = {
  rules: {
    'schema.params': { severity: 'error', layer: 'capabilities', section: 'basic/index#messages' },
    'schema.result': { severity: 'error', layer: 'capabilities', section: 'basic/index#responses' },
  },

  onMessage(ctx) {
    const { msg, state, request, version, report } = ctx;
    if (state.era === 'modern') {
      judgeModernResult(ctx);
      return;
    }
    if ((msg.kind === 'request' || msg.kind === 'notification') && msg.method) {
      const info = methodInfo(msg.method);
      const schema = PARAMS.get(msg.method);
      if (!info || !schema || !definedIn(info, version) || info.kind !== (msg.kind === 'request' ? 'request' : 'notification')) return;
      if (passes(schema, msg.params)) return;
      const r = schema.safeParse(msg.params);
      const left = r.success ? undefined : unowned(r.error, OWNED_PARAMS[msg.method]);
      if (left) report('schema.params', [msg.seq], `${msg.method} params do not match the ${version} schema: ${describeIssues(left)}`);
      return;
    }
    if (msg.kind !== 'response' || !request || request.responseSeq !== undefined || !isObj(msg.result)) return;
    const info = methodInfo(request.method);
    if (!info || !definedIn(info, version)) return;
    let schema = RESULTS.get(request.method);
    if (isObj(request.params) && hasOwn(request.params, 'task')) schema = CREATE_TASK_RESULT;
    else if (request.method === 'sampling/createMessage' && isObj(request.params) && hasOwn(request.params, 'tools')) schema = SAMPLING_WITH_TOOLS_RESULT;
    if (schema) judgeResult(ctx, schema, msg.result);
  },
};

/** A result against `schema`, less what a more specific rule owns. */
function judgeResult({ msg, request, version, report }: MessageContext, schema: z.ZodType, result: Record<string, unknown>): void {
  if (!request) return;
  const standIn = schema === RESULTS.get(request.method) ? STAND_INS.get(request.method) : undefined;
  const judged = standIn ? standIn(result) : result;
  if (passes(schema, judged)) return;
  const r = schema.safeParse(judged);
  const left = r.success ? undefined : unowned(r.error, OWNED_RESULTS[request.method]);
  if (left) report('schema.result', [msg.seq, request.seq], `result of ${request.method} does not match the ${version} schema: ${describeIssues(left)}`);
}

/**
 * A 2026-07-28 result whose resultType says it is complete (or says nothing, which modern.result-type
 * reports) is judged like a legacy one; an input_required or task result is the modern.* rules'.
 * The tasks extension's results are left out: its shapes are not the 2025-11-25 tasks'.
 */
function judgeModernResult(ctx: MessageContext): void {
  const { msg, request, version } = ctx;
  if (msg.kind !== 'response' || msg.dir !== 's2c' || !request || request.responseSeq !== undefined || !isObj(msg.result)) return;
  const type = own(msg.result, 'resultType');
  if (type !== undefined && type !== 'complete') return;
  if (request.method === 'server/discover') return judgeResult(ctx, DISCOVER_RESULT, msg.result);
  const info = methodInfo(request.method);
  const schema = RESULTS.get(request.method);
  if (!info || !schema || !definedIn(info, version) || request.method.startsWith('tasks/') || (isObj(request.params) && hasOwn(request.params, 'task'))) return;
  judgeResult(ctx, schema, msg.result);
}
