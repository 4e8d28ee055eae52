/**
 * The dashboard's view state as it appears in the URL hash, so a copied link (or a reload) opens
 * the same session, pane and frame: `#s=<sessionId>&pane=sequence&frame=42`. The hash, never the
 * query: the query carries the access token, which the page strips from the address bar.
 * Pure: parsing never throws; anything it cannot read is left out.
 */
export interface ViewState {
  session?: string;
  pane?: string;
  frame?: number;
}

const PANE = /^[a-z][a-z0-9-]{0,31}$/;

export function parseViewHash(hash: string): ViewState {
  const params = new URLSearchParams(hash.startsWith('#') ? hash.slice(1) : hash);
  const view: ViewState = {};
  const session = params.get('s');
  if (session) view.session = session;
  const pane = params.get('pane');
  if (pane && PANE.test(pane)) view.pane = pane;
  const frame = params.get('frame');
  if (frame && /^[1-9][0-9]{0,14}$/.test(frame)) view.frame = Number(frame);
  return view;
}

/** `#s=…&pane=…&frame=…`, or '' when there is no session to show (a pane or frame needs one). */
export function formatViewHash(view: ViewState): string {
  if (!view.session) return '';
  const params = new URLSearchParams({ s: view.session });
  if (view.pane) params.set('pane', view.pane);
  if (view.frame !== undefined) params.set('frame', String(view.frame));
  return `#${params.toString()}`;
}
