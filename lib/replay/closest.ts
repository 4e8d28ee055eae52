/**
 * For an unrecorded request: the recorded params of the same method that are nearest to the ones
 * asked for (fewest differing paths), so the error says what the recording does have.
 */
import { jsonDiff } from '../diff/json-diff';
import { withoutMeta } from '../mcp/canonical';

export interface Closest {
  params: unknown;
  /** Paths that differ between the asked and the recorded params. */
  differences: string[];
}

export function closestParams(asked: unknown, recorded: readonly unknown[]): Closest | undefined {
  let best: Closest | undefined;
  for (const params of recorded) {
    const changes = jsonDiff(withoutMeta(params ?? {}), withoutMeta(asked ?? {}));
    const differences = [...new Set(changes.map((c) => c.path || '(params)'))];
    if (!best || differences.length < best.differences.length) best = { params, differences };
  }
  return best;
}
