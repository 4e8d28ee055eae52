/** Reads a `--baseline` file: a previous `loupe check --format json` output. */
import { readFileSync } from 'node:fs';
import { InputError } from '../shared/args';

const keyOf = (f: { rule: string; message: string }) => `${f.rule}\u0000${f.message}`;

/**
 * The findings a previous report accepts: every one it listed, by rule and message, and, of a rule
 * it counted more of than it listed (its `rules` counts: a report lists the first findings of each
 * rule, finding-tally.ts), as many more as it counted but did not list, by count, in the order
 * they come. So a baseline of a report that listed 50 of a rule's million accepts that million.
 */
export class Baseline {
  private readonly known: Set<string>;
  private readonly unlisted: Map<string, number>;

  constructor(listed: Array<{ rule: string; message: string }>, unlisted: ReadonlyMap<string, number> = new Map()) {
    this.known = new Set(listed.map(keyOf));
    this.unlisted = new Map(unlisted);
  }

  /** Whether the baseline accepts this finding; one it accepts by count is counted off. */
  accepts(f: { rule: string; message: string }): boolean {
    if (this.known.has(keyOf(f))) return true;
    const left = this.unlisted.get(f.rule) ?? 0;
    if (left <= 0) return false;
    this.unlisted.set(f.rule, left - 1);
    return true;
  }
}

const count = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : 0);

/** Of each rule, how many findings the report counted (accepted ones too) but did not list. */
function unlistedOf(rules: unknown): Map<string, number> {
  const out = new Map<string, number>();
  if (typeof rules !== 'object' || rules === null) return out;
  for (const [rule, c] of Object.entries(rules as Record<string, Record<string, unknown> | null>)) {
    if (typeof c !== 'object' || c === null) continue;
    const left = count(c.count) + count(c.baselined) - count(c.listed) - count(c.baselinedListed);
    if (left > 0) out.set(rule, left);
  }
  return out;
}

export function readBaseline(file: string): Baseline {
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
  return new Baseline(entries, unlistedOf((json as { rules?: unknown }).rules));
}
