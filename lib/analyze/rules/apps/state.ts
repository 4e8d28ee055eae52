/**
 * What the apps.* rules remember of a session: the UI tools of the latest tool listing, the
 * resources and templates of the latest resource listings, and which UI resources were read.
 * Kept beside the analyser's state (a WeakMap on it, as the auth rules keep theirs), so the
 * state every view reads does not grow fields only these rules need.
 */
import type { AnalysisState } from '../../state';
import type { Obj } from '../../util';

export interface UiTool {
  uri: string;
  /** The tools/list response that listed it. */
  seq: number;
}

export interface Listing<T> {
  items: Map<string, T>;
  /** The response of the page that ended the listing (no nextCursor), once it ended. */
  completeSeq?: number;
}

export interface AppsState {
  /** UI tools of the latest tools/list, by name. */
  tools: Map<string, UiTool>;
  /** resources/list: each listed resource by URI, with its entry. */
  resources: Listing<Obj>;
  /** resources/templates/list: the URI templates. */
  templates: Listing<true>;
  /** Findings already made once per URI (`rule|uri`). */
  said: Set<string>;
}

const states = new WeakMap<AnalysisState, AppsState>();

export function appsState(state: AnalysisState): AppsState {
  let s = states.get(state);
  if (!s) {
    s = { tools: new Map(), resources: { items: new Map() }, templates: { items: new Map() }, said: new Set() };
    states.set(state, s);
  }
  return s;
}

/** A UI resource: one a listed UI tool points at, or any `ui://` URI (read before the tools were listed). */
export function isUiResource(apps: AppsState, uri: string): boolean {
  if (uri.startsWith('ui://')) return true;
  for (const t of apps.tools.values()) if (t.uri === uri) return true;
  return false;
}

/** Whether a URI template could name `uri` (each `{...}` stands for any text). */
export function templateMatches(template: string, uri: string): boolean {
  const pattern = template
    .split(/\{[^}]*\}/)
    .map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${pattern}$`).test(uri);
}
