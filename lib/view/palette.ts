/** Colours shared by the live diagram and its SVG export. */
export type Severity = 'error' | 'warning' | 'info';

export const SEVERITY_COLOR: Record<Severity, string> = { error: '#f87171', warning: '#fbbf24', info: '#60a5fa' };

export const KIND_COLOR = {
  request: '#e4e4e7',
  response: '#86efac',
  error: '#f87171',
  notification: '#a5b4fc',
  invalid: '#f87171',
  batch: '#e4e4e7',
  stderr: '#a1a1aa',
  lifecycle: '#d8b4fe',
  http: '#67e8f9',
} as const;

export const LIFELINE_COLOR = '#52525b';
export const SPAN_COLOR = '#3f3f46';
/** A listen lane while its stream is open, and once it has ended. */
export const LISTEN_LANE_COLOR = { open: '#a5b4fc', ended: '#71717a' } as const;
/** The link down the host's lifeline from an app's forwarded call to the request the host sent for it. */
export const FORWARD_COLOR = '#f0abfc';
