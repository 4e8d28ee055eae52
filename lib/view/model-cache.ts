/**
 * One SequenceModel per session model, shared by every view of a session; each call brings the
 * rows up to what the session model has analysed, looking only at the new frames.
 */
import type { SessionModel } from '../model/session-model';
import { SequenceModel } from './sequence-model';

const models = new WeakMap<SessionModel, SequenceModel>();

export function modelFor(session: SessionModel): SequenceModel {
  let model = models.get(session);
  if (!model) {
    model = new SequenceModel(session);
    models.set(session, model);
  }
  model.sync();
  return model;
}
