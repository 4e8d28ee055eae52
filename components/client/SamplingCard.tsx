'use client';
import { useState } from 'react';
import { Button } from '../ui/Button';
import { inputClass } from '../ui/Field';
import { ContentBlocks } from './ContentBlocks';
import { answer, samplingResult } from './serverRequestsStore';

/** A `sampling/createMessage` shown in full, with a reply the person writes or a rejection. */
export function SamplingCard({ sessionId, requestKey, params }: { sessionId: string; requestKey: string; params: Record<string, unknown> }) {
  const [text, setText] = useState('');
  const [model, setModel] = useState('loupe-person');
  const messages = Array.isArray(params.messages) ? params.messages : [];
  return (
    <div className="flex flex-col gap-1">
      {typeof params.systemPrompt === 'string' && <p className="text-zinc-400">system: <span className="text-zinc-200">{params.systemPrompt}</span></p>}
      <ol aria-label="Sampling messages" className="flex flex-col gap-1">
        {messages.map((m, i) => (
          <li key={i}>
            <span className="text-[11px] text-zinc-500">{String((m as { role?: unknown }).role)}</span>
            <ContentBlocks blocks={(m as { content?: unknown }).content} label={`Message ${i + 1}`} />
          </li>
        ))}
      </ol>
      <p className="text-[11px] text-zinc-500">
        {['maxTokens', 'temperature', 'includeContext', 'stopSequences', 'modelPreferences'].filter((k) => params[k] !== undefined).map((k) => `${k}: ${JSON.stringify(params[k])}`).join(' · ')}
      </p>
      <label className="flex flex-col gap-1 text-zinc-400">
        Reply
        <textarea className={`${inputClass} h-16`} value={text} onChange={(e) => setText(e.target.value)} />
      </label>
      <label className="flex items-center gap-1 text-zinc-400">
        Model
        <input className={inputClass} value={model} onChange={(e) => setModel(e.target.value)} />
      </label>
      <div className="flex gap-1">
        <Button variant="primary" onClick={() => void answer(sessionId, requestKey, { result: samplingResult(text, model) })}>Send reply</Button>
        <Button variant="danger" onClick={() => void answer(sessionId, requestKey, { error: { code: -1, message: 'The user rejected the sampling request' } })}>Reject</Button>
      </div>
    </div>
  );
}
