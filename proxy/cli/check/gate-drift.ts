/** `--interface-baseline`: one check.interface-drift finding per item added, removed or changed. */
import type { InterfaceDrift } from '../../../lib/gates/offer';
import type { Finding } from './findings';
import { gateFinding } from './gate-finding';

const NOUN: Record<keyof InterfaceDrift, string> = { tools: 'tool', resources: 'resource', resourceTemplates: 'resource template', prompts: 'prompt' };

export function driftFindings(drift: InterfaceDrift, frames: number[]): Finding[] {
  const out: Finding[] = [];
  for (const listing of Object.keys(NOUN) as Array<keyof InterfaceDrift>) {
    const d = drift[listing];
    const noun = NOUN[listing];
    for (const name of d.added) out.push(gateFinding('check.interface-drift', frames, `${noun} "${name}" was added since the interface baseline`));
    for (const name of d.removed) out.push(gateFinding('check.interface-drift', frames, `${noun} "${name}" was removed since the interface baseline`));
    for (const { name, changes } of d.changed) {
      const paths = changes.map((c) => `${c.path || '(whole)'} ${c.kind}`).join(', ');
      out.push(gateFinding('check.interface-drift', frames, `${noun} "${name}" changed since the interface baseline: ${paths}`));
    }
  }
  return out;
}
