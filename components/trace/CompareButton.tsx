'use client';
import { useState } from 'react';
import { Button } from '../ui/Button';
import { CompareDialog } from './CompareDialog';
import { useComparableTraces } from './useComparableTraces';

/** Compares any two open tabs, live sessions and trace files alike. */
export function CompareButton() {
  const [open, setOpen] = useState(false);
  const comparable = useComparableTraces();
  return (
    <>
      <Button disabled={comparable.length < 2} onClick={() => setOpen(true)} title="Compare two open tabs">
        Compare…
      </Button>
      <CompareDialog open={open} onClose={() => setOpen(false)} traces={comparable} />
    </>
  );
}
