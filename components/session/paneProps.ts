/** What every session pane is given: the trace it shows. */
export interface PaneProps {
  traceId: string;
}
