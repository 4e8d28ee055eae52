'use client';
import { useMemo, useState } from 'react';
import { validateJsonSchema } from '../../lib/analyze/json-schema';
import { formModel, initialValue, missingRequired } from '../../lib/client/schema-form';
import { Button } from '../ui/Button';
import { SchemaForm } from './SchemaForm';
import type { ServerAnswer } from '../../lib/browser/actions';

/**
 * `elicitation/create` (client/elicitation). Form mode renders `requestedSchema` as a form; URL
 * mode shows the URL as plain text and never opens it: the person decides whether to visit it.
 */
export function ElicitationCard({ params, reply: send }: { params: Record<string, unknown>; reply(a: ServerAnswer): void }) {
  const isUrl = params.mode === 'url';
  const model = useMemo(() => formModel(params.requestedSchema), [params.requestedSchema]);
  const [value, setValue] = useState<unknown>(() => initialValue(model) ?? {});
  const missing = isUrl ? [] : missingRequired(model, value);
  // Clients SHOULD validate the content against requestedSchema (client/elicitation, security).
  const mismatch = isUrl || missing.length > 0 ? undefined : validateJsonSchema(params.requestedSchema, value);
  const reply = (action: 'accept' | 'decline' | 'cancel', content?: unknown) => send({ result: content === undefined ? { action } : { action, content } });
  return (
    <div className="flex flex-col gap-2">
      {typeof params.message === 'string' && <p className="whitespace-pre-wrap text-zinc-200">{params.message}</p>}
      {isUrl ? (
        <div className="flex flex-col gap-1">
          <span className="text-[11px] text-zinc-500">The server asks you to visit (Loupe never opens it):</span>
          <code aria-label="Elicitation URL" className="select-all break-all rounded bg-zinc-950 p-1 text-sky-200">
            {String(params.url ?? '')}
          </code>
          {typeof params.elicitationId === 'string' && <span className="text-[11px] text-zinc-500">elicitationId {params.elicitationId}</span>}
        </div>
      ) : (
        <SchemaForm label="Elicitation form" field={model} value={value} onChange={(v) => setValue(v ?? {})} />
      )}
      {missing.length > 0 && (
        <p className="text-[11px] text-amber-300">Required but empty: {missing.join(', ')} (Accept still sends, to see how the server reacts).</p>
      )}
      {mismatch && (
        <p role="status" className="text-[11px] text-amber-300">
          The answer does not match the requestedSchema: {mismatch} (Accept still sends, to see how the server reacts).
        </p>
      )}
      <div className="flex gap-1">
        <Button variant="primary" onClick={() => reply('accept', isUrl ? undefined : value)}>
          Accept
        </Button>
        <Button onClick={() => reply('decline')}>Decline</Button>
        {!isUrl && (
          <Button variant="ghost" onClick={() => reply('cancel')}>
            Cancel
          </Button>
        )}
      </div>
    </div>
  );
}
