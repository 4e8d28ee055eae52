/**
 * One SequenceModel per frames array, shared by every view of a session. The page appends to a
 * session's frames array in place, so the array itself identifies the session; each call brings
 * the model up to the array's current length, looking only at the new frames.
 */
import type { Frame } from '../mcp/frame';
import type { Classified } from '../mcp/classify';
import { SequenceModel } from './sequence-model';

const models = new WeakMap<readonly Frame[], SequenceModel>();

export function modelFor(frames: readonly Frame[], classified?: readonly Classified[]): SequenceModel {
  let model = models.get(frames);
  // A shorter array than the model means the frames were replaced in place: start again.
  if (!model || model.rows.length > frames.length) {
    model = new SequenceModel();
    models.set(frames, model);
  }
  const have = model.rows.length;
  if (have < frames.length) {
    const known = classified && classified.length >= frames.length ? classified.slice(have, frames.length) : undefined;
    model.push(frames.slice(have), known);
  }
  return model;
}
