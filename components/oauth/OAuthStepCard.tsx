'use client';
/** One step of the OAuth chain: what was asked, what came back, and the auth.* findings on it. */
import type { ChainStep } from '../../lib/view/oauth-chain';
import { safeSpecHref } from '../annotations/severityStyle';
import { FieldRows } from './FieldRows';

interface Props {
  index: number;
  step: ChainStep;
  selected: boolean;
  onSelect: (seq: number) => void;
}

export function OAuthStepCard({ index, step, selected, onSelect }: Props) {
  const border = step.findings.some((f) => f.severity === 'error') ? 'border-red-800' : step.findings.length > 0 ? 'border-amber-700' : 'border-zinc-800';
  return (
    <li aria-label={`Step ${index}: ${step.title}`} className={`rounded border ${border} ${selected ? 'bg-sky-950/40' : 'bg-zinc-900/40'} p-2`}>
      <div className="flex items-baseline gap-2">
        <span className="tabular-nums text-zinc-500">{index}.</span>
        <span className="font-medium text-zinc-100">{step.title}</span>
        <span className={`ml-auto font-mono ${step.ok ? 'text-emerald-400' : 'text-red-400'}`} aria-label="Answer">
          {step.answered}
        </span>
        <button
          type="button"
          onClick={() => onSelect(step.exchange.id)}
          className="text-sky-400 hover:underline"
          aria-label={`Select frame ${step.exchange.id}`}
        >
          #{step.exchange.id}
        </button>
      </div>
      <div className="mt-1 break-all font-mono text-zinc-400">{step.asked}</div>
      <FieldRows fields={step.fields} />
      {step.findings.length > 0 && (
        <ul aria-label="What is wrong" className="mt-1 flex flex-col gap-0.5">
          {step.findings.map((f, i) => {
            const spec = safeSpecHref(f.spec);
            return (
              <li key={`${f.rule}-${i}`} className={f.severity === 'error' ? 'text-red-300' : 'text-amber-200'}>
                <a href={`/rules#${f.rule}`} target="_blank" rel="noopener" className="font-mono underline" aria-label={`Rule ${f.rule} in the catalog`}>
                  {f.rule}
                </a>{' '}
                {f.message}
                {spec && (
                  <>
                    {' '}
                    <a href={spec} target="_blank" rel="noopener noreferrer" className="text-sky-400 hover:underline">
                      spec
                    </a>
                  </>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </li>
  );
}
