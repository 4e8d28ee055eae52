'use client';
import { useEffect, useRef } from 'react';
import { openApp } from '../../lib/browser/apps/open-app';
import type { ToolInfo } from '../../lib/browser/client-panel/toolsStore';
import { toolUi } from '../../lib/mcp/apps';
import type { CallState } from '../../lib/wire/client-state';
import { Button } from '../ui/Button';

function open(sessionId: string, call: CallState, tool: ToolInfo, uri: string): void {
  const args = call.params?.arguments;
  void openApp({
    sessionId,
    toolName: tool.name,
    resourceUri: uri,
    tool: tool as unknown as Record<string, unknown>,
    toolInput: typeof args === 'object' && args !== null ? (args as Record<string, unknown>) : {},
    toolResult: call.result as Record<string, unknown> | undefined,
    requestId: call.requestId,
  });
}

/**
 * For a call of a tool with a UI: the app opens by itself when a call made while this tab is shown
 * completes (as a host renders it with the result), and "Open app" renders it again at any time
 * (after a reload, say, which does not reopen the last call's app by itself).
 */
export function ToolAppOpener({ sessionId, call, tool }: { sessionId: string; call?: CallState; tool?: ToolInfo }) {
  const ui = tool ? toolUi(tool) : undefined;
  // The call already there when the tab appeared is not opened again; every later one is, once.
  const shown = useRef(new Set(call ? [call.id] : []));
  useEffect(() => {
    if (!ui || !tool || !call || call.status !== 'done' || shown.current.has(call.id)) return;
    shown.current.add(call.id);
    open(sessionId, call, tool, ui.uri);
  }, [sessionId, call, tool, ui]);
  if (!ui || !tool || call?.status !== 'done') return null;
  return (
    <div className="flex items-center gap-2 text-[11px] text-zinc-400">
      <Button onClick={() => open(sessionId, call, tool, ui.uri)}>Open app</Button>
      <span className="truncate font-mono">{ui.uri}</span>
    </div>
  );
}
