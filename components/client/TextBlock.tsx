'use client';
import { useTextMode } from '../../lib/browser/client-panel/textModeStore';
import { textRendering } from '../../lib/client/text-rendering';
import { MarkdownText } from './MarkdownText';

const box = 'rounded border border-zinc-800 bg-zinc-950 p-2';

/** A text content item: rendered as markdown when its MIME type says markdown, or (no type, or
 *  text/plain) when it reads as markdown, with a toggle to the plain text; else as it is (an MCP
 *  App's HTML page shows as its source, never rendered). */
export function TextBlock({ text, mimeType }: { text: string; mimeType?: string }) {
  const { markdown, set } = useTextMode();
  const md = textRendering(text, mimeType) === 'markdown';
  return (
    <div className={`${box} flex flex-col gap-1`}>
      {md && (
        <div role="radiogroup" aria-label="Show text as" className="flex gap-2 self-end text-[10px] text-zinc-500">
          <label className="flex items-center gap-0.5">
            <input type="radio" checked={markdown} onChange={() => set(true)} />
            markdown
          </label>
          <label className="flex items-center gap-0.5">
            <input type="radio" checked={!markdown} onChange={() => set(false)} />
            plain text
          </label>
        </div>
      )}
      {md && markdown ? (
        <div className="min-w-0">
          <MarkdownText text={text} />
        </div>
      ) : (
        <pre aria-label="Text as sent" className="whitespace-pre-wrap break-words font-mono text-[11px] text-zinc-200">
          {text}
        </pre>
      )}
    </div>
  );
}
