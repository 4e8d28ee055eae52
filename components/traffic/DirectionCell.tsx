import { directionLabel, type Direction } from '../../lib/mcp/frame';

const glyph: Record<Direction, { text: string; tone: string }> = {
  c2s: { text: '→', tone: 'text-sky-400' },
  s2c: { text: '←', tone: 'text-emerald-400' },
  local: { text: '•', tone: 'text-zinc-500' },
};

/** An arrow for the eye, the words for screen readers and for the tooltip. */
export function DirectionCell({ dir }: { dir: Direction }) {
  const g = glyph[dir];
  return (
    <span title={directionLabel(dir)} className={`font-bold ${g.tone}`}>
      <span aria-hidden>{g.text}</span>
      <span className="sr-only">{directionLabel(dir)}</span>
    </span>
  );
}
