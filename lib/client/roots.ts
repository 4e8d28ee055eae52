/** The answer to `roots/list` (client/roots): names are omitted when empty, as the schema makes them optional. */
export function rootsResult(roots: { uri: string; name?: string }[]): Record<string, unknown> {
  return { roots: roots.map((r) => (r.name ? { uri: r.uri, name: r.name } : { uri: r.uri })) };
}
