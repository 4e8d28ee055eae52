import type { Annotation } from '../../lib/analyze';
import { countPhrase, worstSeverity } from '../../lib/analyze';
import { SEVERITY_STYLE } from './severityStyle';

/** The worst severity among a frame's annotations, as a small mark for a table row. */
export function SeverityMark({ annotations }: { annotations?: readonly Annotation[] }) {
  const worst = annotations && worstSeverity(annotations);
  if (!annotations || !worst) return null;
  const style = SEVERITY_STYLE[worst];
  return (
    <span
      role="img"
      aria-label={countPhrase(annotations)}
      title={annotations.map((a) => `${a.severity} ${a.rule}: ${a.message}`).join('\n')}
      className={`inline-block w-3 text-center text-[10px] font-bold leading-none ${style.tone}`}
    >
      {style.glyph}
    </span>
  );
}
