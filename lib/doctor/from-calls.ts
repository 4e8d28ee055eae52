/**
 * Answers the session model paired that say a layer failed though they break no rule: a request
 * refused with -32602 Invalid params (the parameters, or the capability they assume, do not match
 * what the receiver expects), and a tool result marked isError (the tool's own failure: the
 * protocol worked).
 */
import type { Call } from '../mcp/calls';
import { isObject } from '../mcp/json';
import type { JudgedModel } from '../model/bounded-model';
import { LAYER_NEXT } from './next-steps';
import { excerpt } from './text';
import type { Evidence } from './types';

const INVALID_PARAMS = -32602;
/** The first few of a kind say it; the count says how often. */
const MAX_ITEMS = 3;

/** The parsed response of an answered call. */
function answerOf(model: JudgedModel, call: Call): Record<string, unknown> | undefined {
  if (call.responseSeq === undefined) return undefined;
  const json = model.classifiedAt(call.responseSeq)?.json;
  return isObject(json) ? json : undefined;
}

/** Whether the model kept the call's answer to quote. */
const quoted = (model: JudgedModel, c: Call) => c.responseSeq !== undefined && model.classifiedAt(c.responseSeq) !== undefined;

const answerer = (c: Call) => (c.dir === 'c2s' ? 'the server' : 'the client');

export function invalidParams(model: JudgedModel): Evidence[] {
  // initialize refused is the lifecycle's failure (lifecycle.initialize-failed), whatever its code.
  // A model that keeps only the first few whole counts them all (BoundedModel).
  const refused = model.calls.all.filter(
    (c) => c.errorCode === INVALID_PARAMS && c.method !== 'initialize' && (model.invalidParamsCount === undefined || quoted(model, c)),
  );
  const total = model.invalidParamsCount ?? refused.length;
  return refused.slice(0, MAX_ITEMS).map((c, i) => {
    const error = answerOf(model, c)?.error;
    const message = isObject(error) && typeof error.message === 'string' ? `: ${excerpt(error.message)}` : '';
    const more = i === MAX_ITEMS - 1 && total > MAX_ITEMS ? ` (and ${total - MAX_ITEMS} more)` : '';
    return {
      seqs: [c.responseSeq!, c.seq],
      what: `${answerer(c)} refused ${c.method} with -32602 Invalid params${message}${more}`,
      next: LAYER_NEXT.capabilities,
    };
  });
}

/** The text a tool's result gave, for the one line that quotes it. */
function resultText(result: Record<string, unknown>): string {
  const content = Array.isArray(result.content) ? result.content : [];
  const text = content.find((b): b is { text: string } => isObject(b) && b.type === 'text' && typeof b.text === 'string');
  return text ? excerpt(text.text) : 'no text';
}

export function toolErrors(model: JudgedModel): Evidence[] {
  const failed: { call: Call; text: string }[] = [];
  for (const c of model.calls.all) {
    if (c.method !== 'tools/call' || c.isError !== false) continue;
    const result = answerOf(model, c)?.result;
    if (isObject(result) && result.isError === true) failed.push({ call: c, text: resultText(result) });
  }
  // A model that keeps only the first few whole counts them all (BoundedModel).
  const total = model.toolErrorCount ?? failed.length;
  return failed.slice(0, MAX_ITEMS).map(({ call, text }, i) => {
    const params = isObject(call.params) ? call.params : {};
    const name = typeof params.name === 'string' ? `tool "${params.name}"` : 'a tool';
    const more = i === MAX_ITEMS - 1 && total > MAX_ITEMS ? ` (and ${total - MAX_ITEMS} more)` : '';
    return { seqs: [call.responseSeq!, call.seq], what: `${name} answered with isError: ${text}${more}`, next: LAYER_NEXT.tool };
  });
}
