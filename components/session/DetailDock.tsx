'use client';
/**
 * Where a pane's frame detail goes. Beside the pane's table or diagram by default; while the
 * client panel is open, docked below it in the right-hand column, so the session view never has
 * four columns and the detail never lands under the table (the table keeps the middle column's
 * full height). SessionView provides the dock; panes wrap their detail in FrameDetailSlot.
 */
import { createContext, useContext, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

export const DetailDock = createContext<HTMLElement | null>(null);

/** True while the detail is docked under the client panel (the pane gives the table its width). */
export function useDetailDocked(): boolean {
  return useContext(DetailDock) !== null;
}

export function FrameDetailSlot({ children }: { children: ReactNode }) {
  const dock = useContext(DetailDock);
  return dock ? createPortal(children, dock) : <>{children}</>;
}
