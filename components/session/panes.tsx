'use client';
import type { ComponentType } from 'react';
import type { PaneProps } from './paneProps';
import { TrafficPane } from '../traffic/TrafficPane';
import { SequencePane } from '../sequence/SequencePane';
import { CapabilitiesPane } from '../capabilities/CapabilitiesPane';
import { TimingPane } from '../timing/TimingPane';
import { AnnotationsPane } from './AnnotationsPane';
import { OAuthPane } from '../oauth/OAuthPane';
import { DoctorPane } from '../doctor/DoctorPane';
import { DOCTOR_PANE } from '../../lib/browser/doctor-pane';

/** What every session view pane receives. The selected frame is shared through the store:
 *  `useLoupe(s => s.selected[traceId])` to read it, `useLoupe.getState().select(traceId, seq)` to set it. */
export type { PaneProps } from './paneProps';

export interface PaneEntry {
  id: string;
  label: string;
  Component: ComponentType<PaneProps>;
}

/**
 * The session view's tabs. A view (sequence diagram, capabilities, timing, annotations, doctor) is mounted
 * by adding one entry here; tabs appear in this order.
 */
export const panes: PaneEntry[] = [
  { id: 'traffic', label: 'Traffic', Component: TrafficPane },
  { id: 'sequence', label: 'Sequence', Component: SequencePane },
  { id: 'capabilities', label: 'Capabilities', Component: CapabilitiesPane },
  { id: 'timing', label: 'Timing', Component: TimingPane },
  { id: 'annotations', label: 'Annotations', Component: AnnotationsPane },
  // Opens by itself when a connection fails (lib/browser/doctor-pane.ts).
  { id: DOCTOR_PANE, label: 'Doctor', Component: DoctorPane },
  { id: 'oauth', label: 'OAuth', Component: OAuthPane },
];
