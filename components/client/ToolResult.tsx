'use client';
import { validateJsonSchema } from '../../lib/analyze/json-schema';
import { JsonTree } from '../traffic/JsonTree';
import { ContentBlocks } from './ContentBlocks';
import type { RpcFailure } from '../../lib/browser/actions';
import type { ToolInfo } from '../../lib/browser/client-panel/toolsStore';
import { useCancelledAfter } from '../../lib/browser/client-panel/cancelledAfter';
import { formatLatency } from '../../lib/browser/frameView';
import { REQUEST_CANCELLED, type CallState } from '../../lib/wire/client-state';

/** `cancelledAfterUs`: how long the request ran on the wire before it was cancelled, once known. */
export function RpcError({ error, what, cancelledAfterUs }: { error: RpcFailure; what: string; cancelledAfterUs?: number }) {
  // A cancel is the person's own choice, not a failure: neutral, not red.
  if (error.local && error.code === REQUEST_CANCELLED) {
    return (
      <div role="status" aria-label="Cancelled" className="rounded border border-zinc-700 bg-zinc-900 p-2 text-zinc-300">
        <span className="font-semibold">{cancelledAfterUs === undefined ? 'Cancelled' : `Cancelled after ${formatLatency(cancelledAfterUs)}`}</span>{' '}
        <span className="text-zinc-500">{what} was cancelled; Loupe told the server (notifications/cancelled).</span>
      </div>
    );
  }
  return (
    <div role="alert" className="rounded border border-red-800 bg-red-950/40 p-2 text-red-200">
      <div className="font-semibold">
        {error.local
          ? `${what} did not complete: Loupe gave up${error.code !== undefined ? ` (code ${error.code})` : ''}`
          : `The server answered with JSON-RPC error ${error.code ?? '(no code)'}`}
      </div>
      <p className="whitespace-pre-wrap break-words">{error.message}</p>
      {error.data !== undefined && <pre className="mt-1 whitespace-pre-wrap break-all font-mono text-[11px]">{JSON.stringify(error.data, null, 2)}</pre>}
    </div>
  );
}

function Structured({ value, schema }: { value: unknown; schema: unknown }) {
  const problem = schema === undefined ? undefined : validateJsonSchema(schema, value);
  return (
    <div role="group" aria-label="Structured content" className="grid grid-cols-1 gap-1">
      <div className="text-[11px] text-zinc-400">
        structuredContent{' '}
        {schema === undefined ? (
          <span className="text-zinc-500">(the tool declares no outputSchema)</span>
        ) : problem ? (
          <span role="status" className="text-red-300">
            does not match outputSchema: {problem}
          </span>
        ) : (
          <span role="status" className="text-emerald-300">
            matches outputSchema
          </span>
        )}
      </div>
      <JsonTree value={value} label="structuredContent" />
      {schema !== undefined && (
        <details>
          <summary className="cursor-pointer text-[11px] text-zinc-400">outputSchema</summary>
          <JsonTree value={schema} label="outputSchema" />
        </details>
      )}
    </div>
  );
}

/** A tool call's outcome: a result (isError set well apart), a JSON-RPC error, or a created task. */
export function ToolResult({ sessionId, call, tool }: { sessionId: string; call: CallState; tool?: ToolInfo }) {
  const cancelledAfter = useCancelledAfter(sessionId, call);
  const result = (call.result ?? {}) as Record<string, unknown>;
  const task = (result.task ?? undefined) as { taskId?: unknown } | undefined;
  const outputSchema = tool?.outputSchema;
  return (
    <div role="region" aria-label="Call result" className="flex flex-col gap-1">
      {call.status === 'failed' && <RpcError error={call.error ?? { message: 'the call failed' }} what="The call" cancelledAfterUs={cancelledAfter} />}
      {call.status === 'done' && call.params?.task !== undefined && typeof task?.taskId === 'string' && (
        <p className="text-sky-300">Task {task.taskId} created: follow it in the Tasks tab.</p>
      )}
      {call.status === 'done' && !(call.params?.task !== undefined && typeof task?.taskId === 'string') && (
        <>
          <div className={result.isError === true ? 'rounded border border-amber-700 bg-amber-950/40 px-2 py-1 text-amber-200' : 'text-emerald-300'}>
            {result.isError === true ? 'The tool reported an error (isError: true); the call itself succeeded' : 'Result'}
            <span className="ml-2 text-zinc-500">
              {String(call.params?.name ?? '')} · {call.ms} ms
            </span>
          </div>
          <ContentBlocks blocks={result.content} label="Result content" />
          {result.structuredContent !== undefined && <Structured value={result.structuredContent} schema={outputSchema} />}
          {result.structuredContent === undefined && outputSchema !== undefined && result.isError !== true && (
            <p className="text-red-300">The tool declares an outputSchema but returned no structuredContent.</p>
          )}
        </>
      )}
    </div>
  );
}
