import { directionLabel, type Direction } from '../../lib/mcp/frame';

/** A direction's arrow for the eye, its colour, and its words for screen readers and tooltips. */
export const DIRECTION: Record<Direction, { glyph: string; tone: string; label: string }> = {
  c2s: { glyph: '→', tone: 'text-sky-400', label: directionLabel('c2s') },
  s2c: { glyph: '←', tone: 'text-emerald-400', label: directionLabel('s2c') },
  local: { glyph: '•', tone: 'text-zinc-500', label: directionLabel('local') },
};
