'use client';
import { useState } from 'react';
import { Button } from '../ui/Button';
import dynamic from 'next/dynamic';
import { useOpenedOnce } from '../ui/useOpenedOnce';
import { useComparableTraces } from './useComparableTraces';

// The comparison (the diff of two traces and its view) loads on the first Compare, not on every open,
// behind a boundary of its own so the sidebar stays as it is meanwhile.
const CompareDialog = dynamic(() => import('./CompareDialog').then((m) => m.CompareDialog), { loading: () => null });

/** Compares any two open tabs, live sessions and trace files alike. */
export function CompareButton() {
  const [open, setOpen] = useState(false);
  const comparable = useComparableTraces();
  const opened = useOpenedOnce(open);
  return (
    <>
      <Button disabled={comparable.length < 2} onClick={() => setOpen(true)} title="Compare two open tabs">
        Compare…
      </Button>
      {opened && <CompareDialog open={open} onClose={() => setOpen(false)} traces={comparable} />}
    </>
  );
}
