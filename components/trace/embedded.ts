/** Reads the trace a self-contained viewer file carries (lib/render/embed.ts writes it). */
import type { Trace } from '../../lib/trace/format';
import { readTraceText } from '../../lib/trace/reader';
import { EMBED_ID } from '../../lib/render';

export function readEmbeddedTrace(doc: Document): { name: string; trace: Trace } | undefined {
  const el = doc.getElementById(EMBED_ID);
  const text = el?.textContent ?? '';
  if (!el || text.trim() === '') return undefined;
  return { name: el.getAttribute('data-name') || 'embedded trace', trace: readTraceText(text) };
}
