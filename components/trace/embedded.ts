/** Reads the trace a self-contained viewer file carries (lib/trace/embed.ts writes it). */
import { EMBED_ID, readTraceText, type Trace } from '../../lib/trace';

export function readEmbeddedTrace(doc: Document): { name: string; trace: Trace } | undefined {
  const el = doc.getElementById(EMBED_ID);
  const text = el?.textContent ?? '';
  if (!el || text.trim() === '') return undefined;
  return { name: el.getAttribute('data-name') || 'embedded trace', trace: readTraceText(text) };
}
