/** What the modern.* rules share: spec sections, `_meta` readers, the client's declared capabilities. */
import { META_CAPABILITIES, metaValue } from '../../../mcp/era';
import { TASKS_EXTENSION } from '../../../mcp/modern';
import type { AnalysisState } from '../../state';
import { isObj, own, type Obj } from '../../util';

export const MRTR = 'basic/patterns/mrtr#';
export const HTTP = 'basic/transports/streamable-http#';
export const SUBS = 'basic/patterns/subscriptions#';

/** The capabilities a modern request declared in its `_meta`. */
export function declaredCapabilities(params: unknown): Obj | undefined {
  const caps = metaValue(params, META_CAPABILITIES);
  return isObj(caps) ? caps : undefined;
}

export function declaresTasks(caps: Obj | undefined): boolean {
  const ext = caps && own(caps, 'extensions');
  return isObj(ext) && own(ext, TASKS_EXTENSION) !== undefined;
}

/** True when the server advertised the tasks extension in `server/discover`. */
export function serverOffersTasks(state: AnalysisState): boolean {
  return declaresTasks(state.serverCapabilities);
}

/** Reports `rule` once per session (a SHOULD that every message would otherwise repeat). */
export function once(state: AnalysisState, key: string): boolean {
  if (state.once.has(key)) return false;
  state.once.add(key);
  return true;
}
