'use client';
import { useState } from 'react';
import { Button } from '../ui/Button';
import { useOpenedOnce } from '../ui/useOpenedOnce';
import { CompareDialog } from './LazyCompareDialog';
import { useComparableTraces } from './useComparableTraces';

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
