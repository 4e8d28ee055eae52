'use client';
import { useState } from 'react';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';

const STEPS = [0.25, 0.5, 1, 1.5, 2, 3, 4, 8];

/** An image at full size in an overlay: fit to the window, or zoomed by steps from its natural size. */
export function ImageViewer({ src, label, onClose }: { src: string; label: string; onClose: () => void }) {
  const [zoom, setZoom] = useState<number | 'fit'>('fit');
  const [natural, setNatural] = useState<{ w: number; h: number }>();
  const current = zoom === 'fit' ? undefined : zoom;
  const step = (dir: 1 | -1) => {
    const from = current ?? 1;
    const next = dir > 0 ? STEPS.find((s) => s > from) : [...STEPS].reverse().find((s) => s < from);
    if (next !== undefined) setZoom(next);
  };
  return (
    <Dialog open title={label} onClose={onClose} wide>
      <div className="flex flex-col gap-2 text-xs">
        <div role="toolbar" aria-label="Zoom" className="flex items-center gap-1">
          <Button aria-label="Zoom out" onClick={() => step(-1)}>
            −
          </Button>
          <Button aria-label="Zoom in" onClick={() => step(1)}>
            +
          </Button>
          <Button aria-pressed={zoom === 'fit'} onClick={() => setZoom('fit')}>
            Fit
          </Button>
          <Button aria-pressed={zoom === 1} onClick={() => setZoom(1)}>
            100%
          </Button>
          <span role="status" className="ml-2 text-zinc-400">
            {zoom === 'fit' ? 'fit' : `${Math.round(zoom * 100)}%`}
            {natural ? ` · ${natural.w}×${natural.h} px` : ''}
          </span>
        </div>
        <div className="max-h-[70vh] overflow-auto rounded bg-[repeating-conic-gradient(#27272a_0%_25%,#18181b_0%_50%)] bg-[length:16px_16px]">
          <img
            src={src}
            alt={label}
            onLoad={(e) => setNatural({ w: e.currentTarget.naturalWidth, h: e.currentTarget.naturalHeight })}
            className={zoom === 'fit' ? 'max-h-[68vh] max-w-full object-contain' : 'max-w-none'}
            style={current !== undefined && natural ? { width: natural.w * current, height: natural.h * current } : undefined}
          />
        </div>
      </div>
    </Dialog>
  );
}
