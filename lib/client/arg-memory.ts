/**
 * The last arguments a person used, per connection and per tool (or prompt, or template), so a
 * second call starts where the first one ended. Storage is passed in (localStorage in the page),
 * which keeps this pure and testable; a full or missing storage only loses the memory.
 */
import { asObject } from '../mcp/json';

export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

const PREFIX = 'loupe.args';

export function memoryKey(connectionId: string, kind: 'tool' | 'prompt' | 'template', name: string): string {
  return `${PREFIX}:${connectionId}:${kind}:${name}`;
}

export function recall(store: KeyValueStore | undefined, key: string): Record<string, unknown> | undefined {
  try {
    const text = store?.getItem(key);
    if (!text) return undefined;
    const v: unknown = JSON.parse(text);
    return asObject(v);
  } catch {
    return undefined;
  }
}

export function remember(store: KeyValueStore | undefined, key: string, args: Record<string, unknown>): void {
  try {
    store?.setItem(key, JSON.stringify(args));
  } catch {
    // A full storage loses the memory, never the call.
  }
}
