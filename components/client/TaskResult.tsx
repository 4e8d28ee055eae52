'use client';
import { ContentBlocks } from './ContentBlocks';

/** What a finished task returned: its content blocks, or the raw result when it has none. */
export function TaskResult({ result }: { result: Record<string, unknown> }) {
  return (
    <div role="region" aria-label="Task result">
      {result.isError === true && <p className="text-amber-300">The tool reported an error (isError: true)</p>}
      {result.content !== undefined ? (
        <ContentBlocks blocks={result.content} label="Task result content" />
      ) : (
        <pre className="whitespace-pre-wrap font-mono text-[11px]">{JSON.stringify(result, null, 2)}</pre>
      )}
    </div>
  );
}
