import type { Severity } from '../../lib/analyze';

/** One look per severity, shared by row marks and the expert info panel. */
export const SEVERITY_STYLE: Record<Severity, { glyph: string; tone: string; title: string }> = {
  error: { glyph: '●', tone: 'text-red-400', title: 'Errors' },
  warning: { glyph: '▲', tone: 'text-amber-300', title: 'Warnings' },
  info: { glyph: 'i', tone: 'text-sky-300', title: 'Info' },
};

/** Spec links come from annotations, which an imported trace can forge: only https is followed. */
export function safeSpecHref(href: string): string | undefined {
  return href.startsWith('https://') ? href : undefined;
}
