/**
 * What of a request's params a judge that keeps no history holds with its call (AnalyzerOptions'
 * `slimCalls`, BoundedModel's): the few small facts a rule or a reader of a finished model reads
 * from a call after its request frame was judged, not the params themselves. A tools/call's
 * arguments, a sampling request's messages or a resource's contents are read once, on the request's
 * own frame (from the message); what is read later, when the answer, a cancellation, a progress
 * notification, a deadline or the end of the trace comes, is only this:
 *
 * - `name` (a tool's, a prompt's): tools.* output schemas, host.model-only-tool, the rounds of a
 *   multi-round-trip call, the doctor's tool errors, latency budgets;
 * - `uri`: resources.*, the subscriptions a server accepted, MCP Apps' resources, the rounds;
 * - `cursor`: whether a listing starts over (the tools of the latest listing, the tools-size gate);
 * - `task` and `tools`, present or not (the result schema a task or a sampling-with-tools takes);
 *   their values are not kept;
 * - `mode` and `requestedSchema` of an elicitation (what an accepted form answer is checked against);
 * - `protocolVersion` (the version an `initialize` asked for), `taskId` (the task a `tasks/*` polled);
 * - the capabilities a modern request declared in `_meta` (what its answer may ask of the client).
 *
 * The whole model (the page) keeps params as sent: it shows them. Each kept fact is held only
 * with the type its readers take (a `name` that is not a string is read as no name either way).
 */
import { META_CAPABILITIES } from '../mcp/era';
import { hasOwn, isObj, own, type Obj } from './util';

/** Fields kept when they hold a string. */
const STRINGS = ['name', 'uri', 'mode', 'protocolVersion', 'taskId'] as const;

export function keptParams(method: string, params: unknown): Obj | undefined {
  // Every reader takes params that are not an object for none.
  if (!isObj(params)) return undefined;
  const kept: Obj = {};
  for (const key of STRINGS) {
    const v = own(params, key);
    if (typeof v === 'string') kept[key] = v;
  }
  const cursor = own(params, 'cursor');
  if (cursor !== undefined) kept.cursor = cursor;
  if (hasOwn(params, 'task')) kept.task = true;
  if (hasOwn(params, 'tools')) kept.tools = true;
  if (method === 'elicitation/create') {
    const schema = own(params, 'requestedSchema');
    if (schema !== undefined) kept.requestedSchema = schema;
  }
  const meta = own(params, '_meta');
  const caps = isObj(meta) ? own(meta, META_CAPABILITIES) : undefined;
  if (caps !== undefined) kept._meta = { [META_CAPABILITIES]: caps };
  return kept;
}
