'use client';
import { useEffect, useRef, useState } from 'react';
import { clientRequest } from '../../lib/browser/actions';

export type CompletionRef = { type: 'ref/prompt'; name: string } | { type: 'ref/resource'; uri: string };

/**
 * `completion/complete` (server/utilities/completion) for the argument the person is typing:
 * asked after a short pause, with the other arguments as context, only when the server declared
 * `completions`. Returns the suggestions by argument name.
 */
export function useCompletions(sessionId: string, ref: CompletionRef | undefined, values: Record<string, string>, enabled: boolean): Record<string, string[]> {
  const [byArg, setByArg] = useState<Record<string, string[]>>({});
  const last = useRef<Record<string, string | undefined>>({});
  const refKey = ref ? JSON.stringify(ref) : '';

  useEffect(() => {
    setByArg({});
    last.current = {};
  }, [refKey]);

  useEffect(() => {
    if (!enabled || !ref) return;
    const changed = Object.keys(values).filter((k) => last.current[k] !== values[k]);
    if (!changed.length) return;
    // Every argument is asked again: the others are the context of each, so one choice can
    // narrow the suggestions of the next (a department, then its people).
    const names = Object.keys(values);
    const timer = setTimeout(() => {
      for (const name of names) {
        last.current[name] = values[name];
        const context = Object.fromEntries(Object.entries(values).filter(([k, v]) => k !== name && v !== ''));
        clientRequest(sessionId, 'completion/complete', { ref, argument: { name, value: values[name] ?? '' }, context: { arguments: context } })
          .then((r) => {
            const v = (r as { completion?: { values?: unknown } } | undefined)?.completion?.values;
            setByArg((s) => ({ ...s, [name]: Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [] }));
          })
          .catch(() => setByArg((s) => ({ ...s, [name]: [] })));
      }
    }, 200);
    return () => clearTimeout(timer);
  }, [sessionId, refKey, enabled, JSON.stringify(values)]);

  return byArg;
}
