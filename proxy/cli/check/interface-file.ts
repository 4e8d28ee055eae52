/** Reads and writes the interface baseline file of --interface-baseline / --write-interface-baseline. */
import { readFileSync, writeFileSync } from 'node:fs';
import type { JudgedModel } from '../../../lib/model/bounded-model';
import { interfaceOf, parseInterfaceBaseline, type InterfaceBaseline } from '../../../lib/gates/offer';
import { InputError } from '../shared/args';

export function readInterfaceBaseline(file: string): InterfaceBaseline {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new InputError(
      `cannot read the interface baseline ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}; write one with --write-interface-baseline ${file}`,
    );
  }
  try {
    return parseInterfaceBaseline(JSON.parse(text));
  } catch (e) {
    throw new InputError(`the interface baseline ${file}: ${(e as Error).message}`);
  }
}

export function writeInterfaceBaseline(file: string, model: JudgedModel): void {
  writeFileSync(file, JSON.stringify(interfaceOf(model), null, 2) + '\n');
}
