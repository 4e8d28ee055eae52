/**
 * Multi-round-trip requests (basic/patterns/mrtr): a result with `resultType: "input_required"`
 * asks for `inputRequests`; the client answers them and retries the original request with a new
 * id, `inputResponses` and the `requestState` echoed unchanged (and none if none was given).
 */
import { rootsResult } from './roots';
import { samplingResult } from './sampling';

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj | undefined => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : undefined);

export interface InputRequired {
  inputRequests: Record<string, { method: string; params: Obj }>;
  /** Absent when the server gave none: the retry must then carry none either. */
  requestState?: string;
}

/** The interim result of a round, or undefined for a final one (a missing resultType is complete). */
export function inputRequiredOf(result: unknown): InputRequired | undefined {
  const r = obj(result);
  if (r?.resultType !== 'input_required') return undefined;
  const inputRequests: InputRequired['inputRequests'] = {};
  for (const [key, value] of Object.entries(obj(r.inputRequests) ?? {})) {
    const req = obj(value);
    inputRequests[key] = { method: typeof req?.method === 'string' ? req.method : String(req?.method), params: obj(req?.params) ?? {} };
  }
  return { inputRequests, ...(typeof r.requestState === 'string' ? { requestState: r.requestState } : {}) };
}

/** The retry's params: the original ones, this round's answers, and the state exactly as sent. */
export function retryParams(original: Obj | undefined, asked: InputRequired, inputResponses: Obj): Obj {
  const { inputResponses: _a, requestState: _s, ...rest } = original ?? {};
  return {
    ...rest,
    ...(Object.keys(asked.inputRequests).length > 0 ? { inputResponses } : {}),
    ...(asked.requestState !== undefined ? { requestState: asked.requestState } : {}),
  };
}

export interface AutoPolicy {
  roots: { uri: string; name?: string }[];
  samplingAuto: { on: boolean; text: string };
}

/**
 * What the session answers without a person, as it does for the legacy server requests: the
 * roots from the Roots tab, and sampling when the automatic reply is on. The rest (elicitation,
 * sampling otherwise) is left for the person.
 */
export function automaticResponses(asked: InputRequired, policy: AutoPolicy): { answered: Obj; forPerson: string[] } {
  const answered: Obj = {};
  const forPerson: string[] = [];
  for (const [key, req] of Object.entries(asked.inputRequests)) {
    if (req.method === 'roots/list') answered[key] = rootsResult(policy.roots);
    else if (req.method === 'sampling/createMessage' && policy.samplingAuto.on) answered[key] = samplingResult(policy.samplingAuto.text, 'loupe-automatic');
    else forPerson.push(key);
  }
  return { answered, forPerson };
}
