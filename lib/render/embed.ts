/**
 * A trace inside a self-contained viewer file: a `<script type="application/x-ndjson">` element
 * that the export fills in. `<` is written as `\u003c`, which is only valid inside JSON strings
 * and means the same there, so no `</script>` or `<!--` in a frame can end the element early.
 */
export const EMBED_ID = 'loupe-embedded-trace';
/** The empty element the viewer build carries, replaced on export. */
export const EMBED_PLACEHOLDER = `<script type="application/x-ndjson" id="${EMBED_ID}"></script>`;

export function embedTrace(viewerHtml: string, traceText: string, name: string): string {
  if (!viewerHtml.includes(EMBED_PLACEHOLDER))
    throw new Error('this viewer build has no place for an embedded trace: rebuild it with `npm run build && node scripts/build-viewer.mjs`');
  const safe = traceText.replace(/</g, '\\u003c');
  const element = `<script type="application/x-ndjson" id="${EMBED_ID}" data-name="${name.replace(/[^A-Za-z0-9._ -]/g, '_')}">${safe}</script>`;
  return viewerHtml.replace(EMBED_PLACEHOLDER, () => element);
}
