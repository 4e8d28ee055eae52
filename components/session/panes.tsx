'use client';
import type { ComponentType } from 'react';
import dynamic from 'next/dynamic';
import type { PaneProps } from './paneProps';
import { TrafficPane } from '../traffic/TrafficPane';
import { DOCTOR_PANE } from '../../lib/browser/doctor-pane';
import { Loading } from '../ui/Loading';

// Traffic is the pane a session opens on; the others load when their tab is first chosen.
const SequencePane = dynamic(() => import('../sequence/SequencePane').then((m) => m.SequencePane), { loading: () => <Loading /> });
const CapabilitiesPane = dynamic(() => import('../capabilities/CapabilitiesPane').then((m) => m.CapabilitiesPane), { loading: () => <Loading /> });
const TimingPane = dynamic(() => import('../timing/TimingPane').then((m) => m.TimingPane), { loading: () => <Loading /> });
const AnnotationsPane = dynamic(() => import('./AnnotationsPane').then((m) => m.AnnotationsPane), { loading: () => <Loading /> });
const DoctorPane = dynamic(() => import('../doctor/DoctorPane').then((m) => m.DoctorPane), { loading: () => <Loading /> });
const OAuthPane = dynamic(() => import('../oauth/OAuthPane').then((m) => m.OAuthPane), { loading: () => <Loading /> });

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
