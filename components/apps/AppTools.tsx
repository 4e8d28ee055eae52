'use client';
import { useState } from 'react';
import { appToolArguments, appToolResultText } from '../../lib/mcp/app-tools';
import type { AppInstance } from '../../lib/browser/apps/appsStore';
import { callAppTool } from '../../lib/browser/apps/open-app';
import { Button } from '../ui/Button';

const field = 'rounded border border-zinc-700 bg-zinc-900 px-1 py-0.5 font-mono text-[11px] text-zinc-100';

/**
 * The tools the View offers its host, as it listed them: pick one, write its arguments, call it.
 * The call is the host's tools/call on the app's channel; the answer is the View's.
 */
export function AppTools({ app }: { app: AppInstance }) {
  const tools = app.appTools;
  const [picked, setPicked] = useState<string | undefined>(undefined);
  const [argsText, setArgsText] = useState('{}');
  const [answer, setAnswer] = useState<{ text: string; failed: boolean } | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  if (!tools) return null;
  const name = picked ?? tools[0]?.name;
  const tool = tools.find((t) => t.name === name);

  async function call() {
    if (!name) return;
    const parsed = appToolArguments(argsText);
    if ('error' in parsed) return setAnswer({ text: parsed.error, failed: true });
    setBusy(true);
    try {
      setAnswer({ text: appToolResultText(await callAppTool(app.key, name, parsed.args)), failed: false });
    } catch (e) {
      setAnswer({ text: `The app did not answer ${name}: ${(e as Error).message}`, failed: true });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-label="App tools" className="flex flex-col gap-1 rounded border border-zinc-800 p-1 text-[11px]">
      <span className="text-zinc-300">
        App tools <span className="text-zinc-500">· {tools.length} listed by the app (its tools/list answer)</span>
      </span>
      {(app.appToolsSkipped ?? 0) > 0 && (
        <span role="note" className="text-amber-300">
          {app.appToolsSkipped} more {app.appToolsSkipped === 1 ? 'entry was' : 'entries were'} left out: no name to call{' '}
          {app.appToolsSkipped === 1 ? 'it' : 'them'} by (see the app&apos;s tools/list answer on its channel)
        </span>
      )}
      {tools.length > 0 && (
        <>
          <div className="flex flex-wrap items-center gap-2">
            <select aria-label="App tool" className={field} value={name} onChange={(e) => setPicked(e.target.value)}>
              {tools.map((t) => (
                <option key={t.name} value={t.name}>
                  {t.name}
                </option>
              ))}
            </select>
            <Button aria-label="Call app tool" disabled={busy} onClick={() => void call()}>
              Call
            </Button>
            {tool?.description && <span className="min-w-0 flex-1 truncate text-zinc-500">{tool.description}</span>}
          </div>
          <textarea
            aria-label="App tool arguments"
            rows={2}
            className={field}
            value={argsText}
            spellCheck={false}
            onChange={(e) => setArgsText(e.target.value)}
          />
          {answer && (
            <output
              aria-label="App tool result"
              className={`max-h-40 overflow-y-auto whitespace-pre-wrap break-words font-mono ${answer.failed ? 'text-amber-300' : 'text-zinc-300'}`}
            >
              {answer.text}
            </output>
          )}
        </>
      )}
    </section>
  );
}
