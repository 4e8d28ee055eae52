/** Reads a `--baseline` file: a previous `loupe check --format json` output. */
import { readFileSync } from 'node:fs';
import { InputError } from '../shared/args';

export function readBaseline(file: string): Array<{ rule: string; message: string }> {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new InputError(`cannot read the baseline ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new InputError(`the baseline ${file} is not JSON (${(e as Error).message}): make it with loupe check --format json > ${file}`);
  }
  const list = (json as { annotations?: unknown })?.annotations;
  if (!Array.isArray(list)) throw new InputError(`the baseline ${file} has no "annotations" array: make it with loupe check --format json > ${file}`);
  const entries: Array<{ rule: string; message: string }> = [];
  // Findings the old run had accepted stay accepted.
  const old = (json as { baselined?: unknown }).baselined;
  for (const a of [...list, ...(Array.isArray(old) ? old : [])]) {
    if (typeof a?.rule === 'string' && typeof a?.message === 'string') entries.push({ rule: a.rule, message: a.message });
  }
  return entries;
}
