/**
 * How `loupe client` answers what the server asks, by policy instead of a person:
 * elicitation (accept with the schema's defaults, decline or cancel), sampling (a canned text
 * message), roots (the --root URIs). Anything else gets a clear error answer.
 */
import type { LiveSession } from '../../sessions/types';
import { formModel, initialValue } from '../../../lib/client/schema-form';
import { UsageError } from '../shared/args';

export interface AnswerPolicy {
  elicitation: 'accept-defaults' | 'decline' | 'cancel';
  /** The text of every sampling answer; undefined refuses sampling. */
  sampling?: string;
  roots: string[];
}

export const DEFAULT_POLICY: AnswerPolicy = { elicitation: 'accept-defaults', sampling: 'Loupe headless client: canned answer', roots: [] };

/** Parses `--answer elicitation=accept-defaults`, `--answer sampling=TEXT`, `--answer sampling=refuse`. */
export function answerPolicy(flags: string[], roots: string[]): AnswerPolicy {
  const policy: AnswerPolicy = { ...DEFAULT_POLICY, roots };
  for (const flag of flags) {
    const at = flag.indexOf('=');
    const kind = at < 0 ? flag : flag.slice(0, at);
    const value = at < 0 ? '' : flag.slice(at + 1);
    if (kind === 'elicitation') {
      if (value !== 'accept-defaults' && value !== 'decline' && value !== 'cancel')
        throw new UsageError(`--answer elicitation=${value}: use accept-defaults, decline or cancel`);
      policy.elicitation = value;
    } else if (kind === 'sampling') {
      if (!value) throw new UsageError('--answer sampling=TEXT: give the text of the canned answer (or sampling=refuse)');
      policy.sampling = value === 'refuse' ? undefined : value;
    } else {
      throw new UsageError(`--answer ${flag}: expected elicitation=accept-defaults|decline|cancel or sampling=TEXT|refuse`);
    }
  }
  return policy;
}

/** The capabilities the policy lets the client declare in `initialize`. */
export function policyCapabilities(policy: AnswerPolicy): Record<string, unknown> {
  return { roots: {}, elicitation: { form: {} }, ...(policy.sampling !== undefined ? { sampling: {} } : {}) };
}

function answerFor(policy: AnswerPolicy, method: string, params: unknown): { result?: Record<string, unknown>; error?: { code: number; message: string } } {
  const p = (params ?? {}) as Record<string, unknown>;
  switch (method) {
    case 'roots/list':
      return { result: { roots: policy.roots.map((uri) => ({ uri })) } };
    case 'elicitation/create': {
      if (policy.elicitation !== 'accept-defaults') return { result: { action: policy.elicitation } };
      const content = initialValue(formModel(p.requestedSchema ?? { type: 'object' }));
      return { result: { action: 'accept', content: (content ?? {}) as Record<string, unknown> } };
    }
    case 'sampling/createMessage':
      if (policy.sampling === undefined) return { error: { code: -1, message: 'the user refused sampling (loupe client --answer sampling=refuse)' } };
      return { result: { role: 'assistant', content: { type: 'text', text: policy.sampling }, model: 'loupe-canned', stopReason: 'endTurn' } };
    case 'ping':
      return { result: {} };
    default:
      return { error: { code: -32601, message: `loupe client has no answer policy for ${method}` } };
  }
}

export function answerByPolicy(session: LiveSession, policy: AnswerPolicy): void {
  const answered = new Set<string>();
  session.on('pending', (pending) => {
    for (const p of pending) {
      if (answered.has(p.key)) continue;
      answered.add(p.key);
      session.answer(p.key, answerFor(policy, p.method, p.params));
    }
  });
}
