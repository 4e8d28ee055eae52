'use client';
/**
 * The diagram's layout for a session: the diagram's rows brought up to date with the session model
 * on every render (only new frames are looked at), and a layout rebuilt only when its options change.
 */
import { useMemo } from 'react';
import type { SessionModel } from '../../lib/model/session-model';
import { modelFor } from '../../lib/view/model-cache';
import { SequenceLayout, type LayoutOptions } from '../../lib/view/sequence-layout';

export function useSequenceLayout(session: SessionModel, options: LayoutOptions): SequenceLayout {
  const model = modelFor(session);
  const layout = useMemo(() => new SequenceLayout(model, options), [model, options]);
  layout.sync();
  return layout;
}
