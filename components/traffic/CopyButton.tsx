'use client';
import { useState } from 'react';
import { Button } from '../ui/Button';

export function CopyButton({ text, label, caption = 'Copy raw' }: { text: string; label: string; caption?: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      setState('failed');
    }
    setTimeout(() => setState('idle'), 1500);
  };
  return (
    <Button aria-label={label} onClick={() => void copy()}>
      {state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy failed' : caption}
    </Button>
  );
}
