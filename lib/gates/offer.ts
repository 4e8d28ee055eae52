/**
 * What a server offers (tools, resources, templates, prompts) as a baseline file for
 * `loupe check --interface-baseline`, and the drift between a baseline and a session, compared
 * with lib/diff/diff.ts's item comparison.
 */
import { diffItems, keyItems, offeredItems, type ItemsDiff, type Listing, type ListingModel, LISTING_NAMES } from '../diff/diff';

export const INTERFACE_FORMAT = 'loupe-interface';
export const INTERFACE_VERSION = 1;

export interface InterfaceBaseline {
  format: typeof INTERFACE_FORMAT;
  version: number;
  tools: unknown[];
  resources: unknown[];
  resourceTemplates: unknown[];
  prompts: unknown[];
}

export function interfaceOf(model: ListingModel): InterfaceBaseline {
  const items = offeredItems(model);
  const list = (l: Listing) => [...items[l].entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, v]) => v);
  return {
    format: INTERFACE_FORMAT,
    version: INTERFACE_VERSION,
    tools: list('tools'),
    resources: list('resources'),
    resourceTemplates: list('resourceTemplates'),
    prompts: list('prompts'),
  };
}

/** Throws an Error that says what is wrong with the file's contents. */
export function parseInterfaceBaseline(value: unknown): InterfaceBaseline {
  const v = value as Partial<InterfaceBaseline> | null;
  if (typeof v !== 'object' || v === null || v.format !== INTERFACE_FORMAT) {
    throw new Error(`not an interface baseline (expected "format": "${INTERFACE_FORMAT}"); write one with --write-interface-baseline FILE`);
  }
  if (v.version !== INTERFACE_VERSION)
    throw new Error(`interface baseline version ${String(v.version)} is not supported (this Loupe reads version ${INTERFACE_VERSION})`);
  for (const l of LISTING_NAMES) if (!Array.isArray(v[l])) throw new Error(`"${l}" must be an array`);
  return v as InterfaceBaseline;
}

export type InterfaceDrift = Record<Listing, ItemsDiff>;

export function interfaceDrift(baseline: InterfaceBaseline, model: ListingModel): InterfaceDrift {
  const now = offeredItems(model);
  const out = {} as InterfaceDrift;
  for (const l of LISTING_NAMES) out[l] = diffItems(keyItems(l, baseline[l]), now[l]);
  return out;
}
