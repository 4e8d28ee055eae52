import type { FrameKind } from '../../lib/browser/frameView';

export const KIND_TONE: Record<FrameKind, string> = {
  request: 'text-sky-300',
  response: 'text-emerald-300',
  error: 'text-red-300',
  notification: 'text-violet-300',
  batch: 'text-cyan-300',
  invalid: 'text-red-400 font-semibold',
  'on disk': 'text-zinc-500 italic',
  stderr: 'text-amber-300',
  lifecycle: 'text-zinc-400 italic',
  http: 'text-teal-300',
};

export function KindBadge({ kind }: { kind: FrameKind }) {
  return <span className={KIND_TONE[kind]}>{kind}</span>;
}
