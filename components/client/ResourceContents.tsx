'use client';
import { hexPreview, resourceView } from '../../lib/client/content';
import { TextBlock } from './TextBlock';
import { RpcError } from './ToolResult';
import type { CallState } from '../../lib/wire/client-state';
import { formatBytes } from '../../lib/text/bytes';
import { APP_MIME_TYPE, toolUi } from '../../lib/mcp/apps';
import { openApp } from '../../lib/browser/apps/open-app';
import { listedTools } from '../../lib/browser/client-panel/toolsStore';
import { Button } from '../ui/Button';

/** An MCP App's HTML: served as the apps mime type, or any HTML at a ui:// address. */
function isAppResource(uri: string | undefined, mimeType: string | undefined): uri is string {
  return uri !== undefined && (mimeType === APP_MIME_TYPE || (uri.startsWith('ui://') && (mimeType ?? '').startsWith('text/html')));
}

/** Renders the resource as its tool's app would be, with no call: no tool input or result is sent. */
function openAsApp(sessionId: string, uri: string): void {
  const tool = listedTools(sessionId)?.find((t) => toolUi(t)?.uri === uri);
  void openApp({
    sessionId,
    toolName: tool?.name ?? uri.replace(/^.*\//, ''),
    resourceUri: uri,
    ...(tool ? { tool: tool as unknown as Record<string, unknown> } : {}),
  });
}

/** The contents of a `resources/read` call: per entry its MIME type, size and a preview. */
export function ResourceContents({ read, sessionId }: { read: CallState; sessionId: string }) {
  const result = read.result as { contents?: unknown } | undefined;
  const contents = Array.isArray(result?.contents) ? result.contents : [];
  return (
    <section aria-label="Resource contents" className="flex flex-col gap-1">
      <div className="text-[11px] text-zinc-400">
        read <span className="font-mono text-sky-200">{String(read.params?.uri ?? '')}</span>
        {read.status === 'running' ? ': waiting for the server' : ` in ${read.ms} ms`}
      </div>
      {read.error && <RpcError error={read.error} what="resources/read" />}
      {read.status === 'done' && contents.length === 0 && <p className="text-amber-300">The server returned no contents.</p>}
      {contents.map((c, i) => {
        const v = resourceView(c);
        const blob = (c as { blob?: unknown }).blob;
        return (
          <div key={i} className="rounded border border-zinc-800 bg-zinc-950 p-2">
            <div className="text-[11px] text-zinc-400">
              <span className="font-mono">{v.uri}</span> · {v.mimeType ?? 'no MIME type'} · {v.bytes !== undefined ? formatBytes(v.bytes) : '?'} ·{' '}
              {typeof blob === 'string' ? 'binary' : 'text'}
              {isAppResource(v.uri, v.mimeType) && (
                <Button className="ml-2" aria-label={`Open ${v.uri} as app`} onClick={() => openAsApp(sessionId, v.uri)}>
                  Open as app
                </Button>
              )}
            </div>
            {v.text !== undefined && (
              <div className="mt-1">
                <TextBlock text={v.text} mimeType={v.mimeType} />
              </div>
            )}
            {v.blobSrc && <img src={v.blobSrc} alt={`${v.uri} preview`} className="mt-1 max-h-48" />}
            {typeof blob === 'string' && !v.blobSrc && (
              <pre aria-label="Hex preview" className="mt-1 whitespace-pre-wrap break-all font-mono text-[11px] text-zinc-400">
                {hexPreview(blob)}
              </pre>
            )}
          </div>
        );
      })}
    </section>
  );
}
