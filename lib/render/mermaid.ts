/** Mermaid sequence text of a whole trace, through the sequence diagram's own model and writer. */
import { SequenceLayout, DEFAULT_LAYOUT } from '../view/sequence-layout';
import { SequenceModel } from '../view/sequence-model';
import { sequenceToMermaid } from './sequence-mermaid';
import type { Trace } from '../trace/format';

export function traceToMermaid(trace: Trace): string {
  const model = new SequenceModel();
  model.push(trace.frames);
  const layout = new SequenceLayout(model, DEFAULT_LAYOUT);
  return sequenceToMermaid(layout, 0, layout.length - 1);
}
