/**
 * Renders the rows in view from redacted frames: the diagram on screen shows what crossed the
 * wire, but a file a person shares must hold no secret. The same rows are found again in a layout
 * of the redacted frames by their seqs (redaction keeps seqs, timestamps and structure).
 */
import type { ShareableFrames } from '../../lib/browser/shareableFrames';
import { SequenceLayout } from '../../lib/view/sequence-layout';
import { SequenceModel } from '../../lib/view/sequence-model';

export async function renderVisible(
  layout: SequenceLayout,
  first: number,
  last: number,
  shareable: ShareableFrames,
  render: (layout: SequenceLayout, first: number, last: number) => string,
): Promise<string> {
  if (layout.length === 0 || last < first) return render(layout, 0, -1);
  const firstSeq = layout.rowAt(first).seq;
  const lastSeq = layout.rowAt(last).seq;
  // Every frame so far, not just those in view: folded progress counts and open request bars
  // depend on frames outside the view, and must come out as they are drawn on screen.
  const rows = layout.model.rows;
  const model = new SequenceModel();
  model.push(await shareable(rows[rows.length - 1].seq));
  const redacted = new SequenceLayout(model, layout.options);
  return render(redacted, redacted.positionOfSeq(firstSeq), redacted.positionOfSeq(lastSeq));
}
