import type { KeyboardEvent, MouseEvent } from 'react';

/** How a click or key picks a frame: alone, toggled in or out of the marked set, or as a range. */
export type PickGesture = 'one' | 'toggle' | 'extend';

export function gestureOf(e: MouseEvent | KeyboardEvent): PickGesture {
  return e.shiftKey ? 'extend' : e.ctrlKey || e.metaKey ? 'toggle' : 'one';
}

/** Shift/Ctrl/Cmd+click picks rows: the browser must not start selecting text as well. */
export function keepTextUnselected(e: MouseEvent): void {
  if (e.shiftKey || e.ctrlKey || e.metaKey) e.preventDefault();
}
