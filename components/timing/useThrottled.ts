'use client';
import { useEffect, useState } from 'react';

/** `value`, updated at most every `ms`: whole-session statistics need not redo 100,000 frames per animation frame. */
export function useThrottled<T>(value: T, ms: number): T {
  const [shown, setShown] = useState(value);
  useEffect(() => {
    if (Object.is(shown, value)) return;
    const id = setTimeout(() => setShown(value), ms);
    return () => clearTimeout(id);
  }, [value, shown, ms]);
  return shown;
}
