/**
 * The test kit's findings, read from the session's one model (lib/model) as the page and
 * `loupe check` read theirs: the same pairs, framing and annotations, never a second analysis.
 */
import type { Severity } from '../../lib/analyze';
import type { SessionModel } from '../../lib/model/session-model';
import type { TestFinding } from './types';

const RANK: Record<Severity, number> = { error: 0, warning: 1, info: 2 };

/** The model's annotations at or above `severity` (default: all), in the model's order. */
export function findingsOf(model: Pick<SessionModel, 'annotations'>, filter: { severity?: Severity } = {}): TestFinding[] {
  const threshold = RANK[filter.severity ?? 'info'];
  return model.annotations
    .filter((a) => RANK[a.severity] <= threshold)
    .map((a) => ({ rule: a.rule, severity: a.severity, frame: a.frames[0] ?? 0, message: a.message }));
}
