/**
 * How the page shows a piece of text a server sent: rendered as markdown (with a toggle back to
 * the text as sent) or only as the text as sent. The MIME type decides where there is one: an MCP
 * App's page (`text/html`), JSON, CSV or code rendered as markdown turns into garbled paragraphs
 * and code blocks, and HTML is never rendered as HTML in Loupe's page, so those show as source.
 */
import { looksLikeMarkdown } from './markdown-safety';

export type TextRendering = 'markdown' | 'source';

/** Types that say the text is markdown. */
const MARKDOWN_TYPES = new Set(['text/markdown', 'text/x-markdown']);
/** Types that say nothing of the text's marks: plain text is often markdown in practice (a model's
 *  answer labelled text/plain), so the text itself decides, as for a tool's text block. */
const UNMARKED_TYPES = new Set(['text/plain']);

/** The type without its parameters (`text/html;profile=mcp-app` is text/html), lower-cased. */
export function essence(mimeType: string): string {
  return mimeType.split(';')[0].trim().toLowerCase();
}

/** `mimeType` absent: a tool's text block, or a resource that named no type. */
export function textRendering(text: string, mimeType?: string): TextRendering {
  const type = mimeType === undefined || mimeType.trim() === '' ? undefined : essence(mimeType);
  if (type !== undefined && MARKDOWN_TYPES.has(type)) return 'markdown';
  if (type !== undefined && !UNMARKED_TYPES.has(type)) return 'source';
  return looksLikeMarkdown(text) ? 'markdown' : 'source';
}
