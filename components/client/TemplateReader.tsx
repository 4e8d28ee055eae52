'use client';
import { useMemo } from 'react';
import { setTemplateValue, useTemplates } from '../../lib/browser/client-panel/templatesStore';
import { expandTemplate, templateVariables } from '../../lib/client/uri-template';
import { BreakableUri } from '../ui/BreakableUri';
import { Button } from '../ui/Button';
import { inputClass } from '../ui/Field';
import { FieldSuggestions } from './FieldSuggestions';
import { useCompletions } from './useCompletions';

export interface TemplateInfo {
  uriTemplate: string;
  name?: string;
}

const NO_VALUES: Record<string, string> = {};

/** Fills a resource template's variables (with the server's completions) and reads the URI. */
export function TemplateReader({
  sessionId,
  template,
  ready,
  completions,
  onRead,
}: {
  sessionId: string;
  template: TemplateInfo;
  ready: boolean;
  completions: boolean;
  onRead(uri: string): void;
}) {
  const names = useMemo(() => templateVariables(template.uriTemplate), [template.uriTemplate]);
  const values = useTemplates((s) => s.get(sessionId).values[template.uriTemplate]) ?? NO_VALUES;
  const set = (name: string, value: string) => setTemplateValue(sessionId, template.uriTemplate, name, value);
  const filled = Object.fromEntries(names.map((n) => [n, values[n] ?? '']));
  const suggestions = useCompletions(sessionId, { type: 'ref/resource', uri: template.uriTemplate }, filled, completions);
  const uri = expandTemplate(template.uriTemplate, Object.fromEntries(names.map((n) => [n, values[n] || undefined])));
  return (
    <form aria-label={`Template ${template.name ?? template.uriTemplate}`} className="flex flex-col gap-1" onSubmit={(e) => e.preventDefault()}>
      {names.map((n) => (
        <div key={n} className="flex flex-col gap-0.5">
          <label className="flex flex-col gap-0.5 text-zinc-300">
            {n}
            <input className={inputClass} autoComplete="off" value={values[n] ?? ''} onChange={(e) => set(n, e.target.value)} />
          </label>
          {suggestions[n] && <FieldSuggestions label={n} values={suggestions[n]} onPick={(v) => set(n, v)} />}
        </div>
      ))}
      <div className="flex items-start gap-2">
        <BreakableUri uri={uri} aria-label="Expanded URI" className="min-w-0 flex-1 text-sky-200" />
        <Button className="shrink-0" disabled={!ready} aria-label={`Read ${uri}`} onClick={() => onRead(uri)}>
          Read
        </Button>
      </div>
    </form>
  );
}
