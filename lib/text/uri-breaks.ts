/**
 * Where a long URI may wrap: after each `/`, `?`, `&`, `=` and `#` (and after `//` as one), so a
 * wrapped URI breaks at its own boundaries and never inside a plain word. The parts concatenate to
 * the URI exactly.
 */
export function uriBreakParts(uri: string): string[] {
  return uri.match(/[^/?&=#]*(?:\/\/|[/?&=#])|[^/?&=#]+$/g) ?? [uri];
}
