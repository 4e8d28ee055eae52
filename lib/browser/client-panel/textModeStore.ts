/** Whether server text that looks like markdown is shown rendered or as plain text: one choice for
 *  the whole page, kept across reloads, since people who want the raw text want it everywhere. */
import { create } from 'zustand';
import { browserStorage } from './storage';

const KEY = 'loupe.textAsMarkdown';

export const useTextMode = create<{ markdown: boolean; set(markdown: boolean): void }>()((set) => ({
  markdown: browserStorage()?.getItem(KEY) !== 'false',
  set: (markdown) => {
    try {
      browserStorage()?.setItem(KEY, String(markdown));
    } catch {
      // Storage full or refused: the choice holds until the page reloads.
    }
    set({ markdown });
  },
}));
