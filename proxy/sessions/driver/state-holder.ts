/**
 * Holds one session's client state and tells listeners what changed. Each change replaces one
 * top-level part whole, and changes are coalesced to one patch per turn of the event loop, so a
 * burst of progress costs one message per page, and a patch applied twice changes nothing.
 */
import { emptyClientState, type ClientState, type ClientStatePatch, type Root } from '../../../lib/wire/client-state';

type Listener = (patch: ClientStatePatch) => void;

export class ClientStateHolder {
  private state: ClientState;
  private changed = new Set<keyof ClientState>();
  private scheduled = false;
  private readonly listeners = new Set<Listener>();

  constructor(roots: Root[] = []) {
    this.state = emptyClientState(roots);
  }

  get(): ClientState {
    return this.state;
  }

  set<K extends keyof ClientState>(key: K, value: ClientState[K] | ((cur: ClientState[K]) => ClientState[K])): void {
    const next = typeof value === 'function' ? (value as (cur: ClientState[K]) => ClientState[K])(this.state[key]) : value;
    if (next === this.state[key]) return;
    this.state = { ...this.state, [key]: next };
    this.changed.add(key);
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => this.flush());
  }

  onChange(fn: Listener): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  /** Sends what changed now (also used before the session reports that it ended). */
  flush(): void {
    this.scheduled = false;
    if (this.changed.size === 0) return;
    const patch: ClientStatePatch = {};
    for (const key of this.changed) (patch as Record<string, unknown>)[key] = this.state[key];
    this.changed.clear();
    for (const fn of this.listeners) fn(patch);
  }
}
