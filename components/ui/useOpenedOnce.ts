import { useState } from 'react';

/**
 * True from the first time `open` is true on: a dialog whose code loads on first use mounts then
 * and stays mounted, closed, as it always was before, so what was typed in it survives a close.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
