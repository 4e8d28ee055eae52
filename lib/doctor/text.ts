/** Short quotes of what a peer sent, for one line of evidence. */
import { printable } from '../text/printable';

/** The text on one line, control characters shown, cut at `max` characters. */
export function excerpt(text: string, max = 120): string {
  const one = printable(text.replace(/\s+/g, ' ').trim());
  return one.length > max ? `${one.slice(0, max - 1)}…` : one;
}
