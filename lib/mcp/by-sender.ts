/** Calls' look-ups by sender and id (calls.ts). */
import type { Sender } from './call-types';

/** An id that pairs (idKey's rule), as a key of BySender's maps. */
export const pairs = (id: unknown): id is string | number => typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id));

/**
 * A map by sender and id, as the pairing keys calls (see calls.ts): one Map per sender
 * keyed by the id itself, since a Map never mixes the number 1 and the string "1" (and holds -0 as
 * 0, as idKey writes it). Pairing looks a call up several times per request and per answer: a
 * string key built each time (`c2s|n:42`) cost a concatenation and a hash of a new string per
 * look-up, which a trace of millions of requests paid millions of times.
 */
export class BySender<V> {
  private readonly c2s = new Map<string | number, V>();
  private readonly s2c = new Map<string | number, V>();

  of(dir: Sender): Map<string | number, V> {
    return dir === 'c2s' ? this.c2s : this.s2c;
  }

  clear(): void {
    this.c2s.clear();
    this.s2c.clear();
  }
}
