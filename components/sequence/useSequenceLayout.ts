'use client';
/**
 * The diagram's layout for a session's frames: the shared model brought up to date on every
 * render (only new frames are looked at), and a layout rebuilt only when its options change.
 */
import { useMemo } from 'react';
import type { Frame } from '../../lib/mcp/frame';
import type { Classified } from '../../lib/mcp/classify';
import { modelFor } from '../../lib/view/model-cache';
import { SequenceLayout, type LayoutOptions } from '../../lib/view/sequence-layout';

export function useSequenceLayout(frames: readonly Frame[], classified: readonly Classified[] | undefined, options: LayoutOptions): SequenceLayout {
  const model = modelFor(frames, classified);
  const layout = useMemo(() => new SequenceLayout(model, options), [model, options]);
  layout.sync();
  return layout;
}
