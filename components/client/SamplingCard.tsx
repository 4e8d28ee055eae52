'use client';
import { useMemo, useState } from 'react';
import { offeredTools, samplingResult, toolChoiceMode, toolChoiceWarning, toolUseDraft, toolUseResult, type ToolUseDraft } from '../../lib/client/sampling';
import { Button } from '../ui/Button';
import { inputClass } from '../ui/Field';
import { ContentBlocks } from './ContentBlocks';
import { SamplingTools } from './SamplingTools';
import type { ServerAnswer } from '../../lib/browser/actions';
import { ToolUseEditor } from './ToolUseEditor';

/**
 * A `sampling/createMessage` shown in full (tool uses and tool results included), with a reply the
 * person writes: text, or, when the server offers tools, tool uses with `stopReason: "toolUse"`.
 */
export function SamplingCard({ params, reply, toolsDeclared }: { params: Record<string, unknown>; reply(a: ServerAnswer): void; toolsDeclared: boolean }) {
  const tools = useMemo(() => offeredTools(params), [params]);
  const choice = toolChoiceMode(params);
  const [text, setText] = useState('');
  const [model, setModel] = useState('loupe-person');
  const [kind, setKind] = useState<'text' | 'tools'>('text');
  const [drafts, setDrafts] = useState<ToolUseDraft[]>(() => (tools.length > 0 ? [toolUseDraft(tools[0])] : []));
  const [problem, setProblem] = useState<string>();
  const messages = Array.isArray(params.messages) ? params.messages : [];
  const warning = tools.length > 0 ? toolChoiceWarning(choice, kind) : undefined;
  const send = () => {
    if (kind === 'text') return reply({ result: samplingResult(text, model) });
    const r = toolUseResult(drafts, model);
    if (r.ok) reply({ result: r.value });
    else setProblem(r.error);
  };
  return (
    <div className="flex flex-col gap-1">
      {typeof params.systemPrompt === 'string' && (
        <p className="text-zinc-400">
          system: <span className="text-zinc-200">{params.systemPrompt}</span>
        </p>
      )}
      <ol aria-label="Sampling messages" className="flex flex-col gap-1">
        {messages.map((m, i) => (
          <li key={i}>
            <span className="text-[11px] text-zinc-500">{String((m as { role?: unknown }).role)}</span>
            <ContentBlocks blocks={(m as { content?: unknown }).content} label={`Message ${i + 1}`} />
          </li>
        ))}
      </ol>
      <p className="text-[11px] text-zinc-500">
        {['maxTokens', 'temperature', 'includeContext', 'stopSequences', 'modelPreferences']
          .filter((k) => params[k] !== undefined)
          .map((k) => `${k}: ${JSON.stringify(params[k])}`)
          .join(' · ')}
      </p>
      {(tools.length > 0 || params.toolChoice !== undefined) && <SamplingTools tools={tools} choice={choice} undeclared={!toolsDeclared} />}
      {tools.length > 0 && (
        <div role="radiogroup" aria-label="Answer with" className="flex gap-3 text-zinc-300">
          <label className="flex items-center gap-1">
            <input type="radio" checked={kind === 'text'} onChange={() => setKind('text')} /> Text
          </label>
          <label className="flex items-center gap-1">
            <input type="radio" checked={kind === 'tools'} onChange={() => setKind('tools')} /> Tool use
          </label>
        </div>
      )}
      {kind === 'text' ? (
        <label className="flex flex-col gap-1 text-zinc-400">
          Reply
          <textarea className={`${inputClass} h-16`} value={text} onChange={(e) => setText(e.target.value)} />
        </label>
      ) : (
        <ToolUseEditor
          tools={tools}
          drafts={drafts}
          onChange={(d) => {
            setDrafts(d);
            setProblem(undefined);
          }}
        />
      )}
      <label className="flex items-center gap-1 text-zinc-400">
        Model
        <input className={inputClass} value={model} onChange={(e) => setModel(e.target.value)} />
      </label>
      {warning && <p className="text-[11px] text-amber-300">{warning} Sending anyway shows how the server reacts.</p>}
      {problem && (
        <p role="alert" className="text-[11px] text-red-300">
          {problem}
        </p>
      )}
      <div className="flex gap-1">
        <Button variant="primary" onClick={send}>
          {kind === 'text' ? 'Send reply' : 'Send tool use'}
        </Button>
        <Button variant="danger" onClick={() => reply({ error: { code: -1, message: 'The user rejected the sampling request' } })}>
          Reject
        </Button>
      </div>
    </div>
  );
}
