'use client';
import { useEffect, useState } from 'react';
import { listClient } from '../../lib/browser/actions';
import { callOf, clientOf, itemsOf, listOf } from '../../lib/browser/client-panel/clientState';
import { getPrompt, pickPrompt, usePrompts, type PromptInfo } from '../../lib/browser/client-panel/promptsStore';
import { useLoupe } from '../../lib/browser/store';
import { useHandshake } from '../../lib/browser/useHandshake';
import type { SessionSummary } from '../../lib/wire/protocol';
import { ActionBar } from './ActionBar';
import { Button } from '../ui/Button';
import { inputClass } from '../ui/Field';
import { ContentBlocks } from './ContentBlocks';
import { FieldSuggestions } from './FieldSuggestions';
import { ListSearch } from './ListSearch';
import { searchItems } from '../../lib/client/list-search';
import { RpcError } from './ToolResult';
import { useCompletions } from './useCompletions';

/** Prompts (listed on Connect, again on list_changed): fill arguments (with the server's completions), get, read the messages. */
export function PromptsTab({ session, ready }: { session: SessionSummary; ready: boolean }) {
  const id = session.id;
  const { serverCapabilities } = useHandshake(id);
  const st = usePrompts((s) => s.get(id));
  const client = useLoupe((s) => clientOf(s, id));
  const list = listOf(client, 'prompts');
  const prompts = itemsOf<PromptInfo>(client, 'prompts');
  const prompt = prompts?.find((p) => p.name === st.picked);
  const [query, setQuery] = useState('');
  const shown = prompts ? searchItems(prompts, query) : undefined;
  const search = (q: string) => {
    setQuery(q);
    const matches = prompts ? searchItems(prompts, q) : [];
    if (matches[0] && !matches.some((p) => p.name === st.picked)) pickPrompt(id, matches[0].name);
  };
  const outcome = callOf(client, 'prompts/get');
  const result = outcome?.result as { messages?: unknown; description?: unknown } | undefined;
  useEffect(() => {
    if (prompts?.[0] && !prompts.some((p) => p.name === st.picked)) pickPrompt(id, prompts[0].name);
  }, [id, prompts, st.picked]);
  const argNames = prompt?.arguments?.map((a) => a.name) ?? [];
  const filled = Object.fromEntries(argNames.map((n) => [n, st.args[n] ?? '']));
  const completions = (serverCapabilities as { completions?: unknown } | undefined)?.completions !== undefined;
  const suggestions = useCompletions(id, prompt ? { type: 'ref/prompt', name: prompt.name } : undefined, filled, completions && argNames.length > 0);
  const setArg = (name: string, v: string) => usePrompts.getState().patch(id, (s) => ({ args: { ...s.args, [name]: v } }));
  const messages = Array.isArray(result?.messages) ? result.messages : [];

  return (
    <div className="flex flex-col gap-2">
      <div className="flex gap-1">
        <Button disabled={!ready || list?.loading} onClick={() => void listClient(id, 'prompts')} aria-label="Refresh prompts">
          ↻ Prompts
        </Button>
        {list?.nextCursor && (
          <Button disabled={!ready || list.loading} onClick={() => void listClient(id, 'prompts', true)}>
            More prompts
          </Button>
        )}
      </div>
      {list?.error && (
        <p role="alert" className="text-red-300">
          {list.error}
        </p>
      )}
      {st.startError && (
        <p role="alert" className="text-red-300">
          {st.startError}
        </p>
      )}
      {prompts && <ListSearch what="prompts" value={query} shown={shown?.length ?? 0} total={prompts.length} onChange={search} />}
      {shown && shown.length > 0 && (
        <label className="flex flex-col gap-1 text-zinc-400">
          Prompt
          <select className={inputClass} value={st.picked ?? ''} onChange={(e) => pickPrompt(id, e.target.value)}>
            {shown.map((p) => (
              <option key={p.name} value={p.name}>
                {p.title ? `${p.name} — ${p.title}` : p.name}
              </option>
            ))}
          </select>
        </label>
      )}
      {prompt?.description && <p className="text-zinc-400">{prompt.description}</p>}
      {prompt && (
        <form aria-label={`${prompt.name} arguments`} className="flex flex-col gap-2" onSubmit={(e) => e.preventDefault()}>
          {prompt.arguments?.map((a) => (
            <div key={a.name} className="flex flex-col gap-0.5">
              <label className="flex flex-col gap-0.5 text-zinc-300">
                <span>
                  {a.title ?? a.name}
                  {a.required && (
                    <span className="text-red-300" aria-hidden>
                      {' '}
                      *
                    </span>
                  )}
                </span>
                <input className={inputClass} autoComplete="off" value={st.args[a.name] ?? ''} onChange={(e) => setArg(a.name, e.target.value)} />
              </label>
              {a.description && <span className="text-[11px] text-zinc-500">{a.description}</span>}
              {suggestions[a.name] && <FieldSuggestions label={a.title ?? a.name} values={suggestions[a.name]} onPick={(v) => setArg(a.name, v)} />}
            </div>
          ))}
          <ActionBar>
            <Button variant="primary" disabled={!ready || outcome?.status === 'running'} onClick={() => void getPrompt(id, prompt.name)}>
              Get {prompt.name}
            </Button>
          </ActionBar>
        </form>
      )}
      {outcome && outcome.status !== 'running' && (
        <section aria-label="Prompt messages" className="flex flex-col gap-1">
          {outcome.error && <RpcError error={outcome.error} what="prompts/get" />}
          {typeof result?.description === 'string' && <p className="text-zinc-400">{result.description}</p>}
          {messages.map((m, i) => (
            <div key={i}>
              <span className="text-[11px] text-zinc-500">{String((m as { role?: unknown }).role)}</span>
              <ContentBlocks blocks={(m as { content?: unknown }).content} label={`Prompt message ${i + 1}`} />
            </div>
          ))}
        </section>
      )}
    </div>
  );
}
