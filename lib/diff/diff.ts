/**
 * Compares two traces: what the server offers (tools, resources, templates, prompts), both sides'
 * capabilities and the negotiated version, the analyser's annotations (by rule and message), and
 * latency per method. Latency is reported but never counts as a difference: timings vary run to
 * run, and a CI gate on them would flap.
 *
 * Each side is a SessionModel the caller built once (with the trace's declared framing): the diff,
 * the gates and the findings then read the same pairs and annotations, and nothing here builds
 * another model of the same frames.
 */
import type { Annotation } from '../analyze';
import type { SessionModel } from '../model/session-model';
import { jsonDiff, type Change } from './json-diff';

export type { Change } from './json-diff';

export interface ItemsDiff {
  /** A side that never listed them (no successful list response): its offer is unknown, so
   *  nothing is reported added or removed. Never counts as a difference. */
  notListed?: 'before' | 'after' | 'both';
  added: string[];
  removed: string[];
  changed: { name: string; changes: Change[] }[];
}

export interface LatencyRow {
  method: string;
  before?: { count: number; medianMs: number; maxMs: number };
  after?: { count: number; medianMs: number; maxMs: number };
}

export interface AnnotationKey {
  rule: string;
  severity: string;
  message: string;
  /** How many more (added) or fewer (removed) times it occurs. */
  count: number;
}

export interface TraceDiff {
  negotiatedVersion?: { before?: string; after?: string };
  tools: ItemsDiff;
  resources: ItemsDiff;
  resourceTemplates: ItemsDiff;
  prompts: ItemsDiff;
  capabilities: { server: Change[]; client: Change[] };
  annotations: { added: AnnotationKey[]; removed: AnnotationKey[] };
  latency: LatencyRow[];
  /** True when anything but latency differs. */
  different: boolean;
}

const LISTINGS = {
  tools: { method: 'tools/list', field: 'tools', key: 'name' },
  resources: { method: 'resources/list', field: 'resources', key: 'uri' },
  resourceTemplates: { method: 'resources/templates/list', field: 'resourceTemplates', key: 'uriTemplate' },
  prompts: { method: 'prompts/list', field: 'prompts', key: 'name' },
} as const;

export type Listing = keyof typeof LISTINGS;

interface Summary {
  version?: string;
  serverCapabilities: unknown;
  clientCapabilities: unknown;
  items: Record<Listing, Map<string, unknown>>;
  /** Which listings got a successful response at all. */
  listed: Set<Listing>;
  annotations: Annotation[];
  latencyUs: Map<string, number[]>;
}

/** The listing kinds a server offers, in report order. */
export const LISTING_NAMES = Object.keys(LISTINGS) as Listing[];

export type OfferedItems = Record<Listing, Map<string, unknown>>;

/** Items by key (tool name, resource URI, ...); later entries win. */
export function keyItems(listing: Listing, list: readonly unknown[], into = new Map<string, unknown>()): Map<string, unknown> {
  for (const item of list) {
    const key = (item as Record<string, unknown> | null)?.[LISTINGS[listing].key];
    if (typeof key === 'string') into.set(key, item);
  }
  return into;
}

/** What a listing reads of a model: its pairs and each response's parsed JSON. */
export type ListingModel = Pick<SessionModel, 'calls' | 'classifiedAt'>;

/** What the server offered in the session: every successful listing's items. */
export function offeredItems(model: ListingModel): OfferedItems {
  const items: OfferedItems = { tools: new Map(), resources: new Map(), resourceTemplates: new Map(), prompts: new Map() };
  for (const call of model.calls.all) {
    const listing = LISTING_NAMES.find((l) => LISTINGS[l].method === call.method);
    if (!listing || call.responseSeq === undefined || call.isError) continue;
    const json = model.classifiedAt(call.responseSeq)?.json as { result?: Record<string, unknown> } | undefined;
    const list = json?.result?.[LISTINGS[listing].field];
    // Later listings win: a list_changed followed by a new listing shows the server's latest offer.
    if (Array.isArray(list)) keyItems(listing, list, items[listing]);
  }
  return items;
}

/** The listings that got a successful response with a list in it. */
function listedOf(model: ListingModel): Set<Listing> {
  const listed = new Set<Listing>();
  for (const call of model.calls.all) {
    const listing = LISTING_NAMES.find((l) => LISTINGS[l].method === call.method);
    if (!listing || call.responseSeq === undefined || call.isError) continue;
    const json = model.classifiedAt(call.responseSeq)?.json as { result?: Record<string, unknown> } | undefined;
    if (Array.isArray(json?.result?.[LISTINGS[listing].field])) listed.add(listing);
  }
  return listed;
}

function diffListing(l: Listing, sa: Summary, sb: Summary): ItemsDiff {
  const before = sa.listed.has(l);
  const after = sb.listed.has(l);
  if (!before || !after) return { notListed: !before && !after ? 'both' : !before ? 'before' : 'after', added: [], removed: [], changed: [] };
  return diffItems(sa.items[l], sb.items[l]);
}

function summarize(model: SessionModel): Summary {
  const { annotations, state } = model;
  const latencyUs = new Map<string, number[]>();
  for (const call of model.calls.all) {
    if (call.responseTs !== undefined) latencyUs.set(call.method, [...(latencyUs.get(call.method) ?? []), call.responseTs - call.ts]);
  }
  return {
    version: state.negotiatedVersion,
    serverCapabilities: state.serverCapabilities ?? {},
    clientCapabilities: state.clientCapabilities ?? {},
    items: offeredItems(model),
    listed: listedOf(model),
    annotations,
    latencyUs,
  };
}

export function diffItems(a: Map<string, unknown>, b: Map<string, unknown>): ItemsDiff {
  const out: ItemsDiff = { added: [], removed: [], changed: [] };
  for (const [name, item] of a) {
    if (!b.has(name)) out.removed.push(name);
    else {
      const changes = jsonDiff(item, b.get(name));
      if (changes.length) out.changed.push({ name, changes });
    }
  }
  for (const name of b.keys()) if (!a.has(name)) out.added.push(name);
  return out;
}

function countKeys(list: Annotation[]): Map<string, AnnotationKey> {
  const m = new Map<string, AnnotationKey>();
  for (const x of list) {
    const k = `${x.rule}\u0000${x.message}`;
    const e = m.get(k) ?? { rule: x.rule, severity: x.severity, message: x.message, count: 0 };
    e.count++;
    m.set(k, e);
  }
  return m;
}

function diffAnnotations(a: Annotation[], b: Annotation[]): TraceDiff['annotations'] {
  const ca = countKeys(a);
  const cb = countKeys(b);
  const added: AnnotationKey[] = [];
  const removed: AnnotationKey[] = [];
  for (const [k, e] of cb) if (e.count > (ca.get(k)?.count ?? 0)) added.push({ ...e, count: e.count - (ca.get(k)?.count ?? 0) });
  for (const [k, e] of ca) if (e.count > (cb.get(k)?.count ?? 0)) removed.push({ ...e, count: e.count - (cb.get(k)?.count ?? 0) });
  return { added, removed };
}

function stats(us: number[] | undefined): LatencyRow['before'] {
  if (!us?.length) return undefined;
  const s = [...us].sort((x, y) => x - y);
  return { count: s.length, medianMs: s[Math.floor((s.length - 1) / 2)] / 1000, maxMs: s[s.length - 1] / 1000 };
}

/** `a` before, `b` after: each the one model of its trace, finished (lib/model/trace-model.ts
 *  builds a trace file's with its declared framing). */
export function diffTraces(a: SessionModel, b: SessionModel): TraceDiff {
  const sa = summarize(a);
  const sb = summarize(b);
  const methods = [...new Set([...sa.latencyUs.keys(), ...sb.latencyUs.keys()])].sort();
  const d: TraceDiff = {
    tools: diffListing('tools', sa, sb),
    resources: diffListing('resources', sa, sb),
    resourceTemplates: diffListing('resourceTemplates', sa, sb),
    prompts: diffListing('prompts', sa, sb),
    capabilities: { server: jsonDiff(sa.serverCapabilities, sb.serverCapabilities), client: jsonDiff(sa.clientCapabilities, sb.clientCapabilities) },
    annotations: diffAnnotations(sa.annotations, sb.annotations),
    latency: methods.map((method) => ({ method, before: stats(sa.latencyUs.get(method)), after: stats(sb.latencyUs.get(method)) })),
    different: false,
  };
  if (sa.version !== sb.version) d.negotiatedVersion = { before: sa.version, after: sb.version };
  const itemsDiffer = (x: ItemsDiff) => x.added.length + x.removed.length + x.changed.length > 0;
  d.different =
    d.negotiatedVersion !== undefined ||
    [d.tools, d.resources, d.resourceTemplates, d.prompts].some(itemsDiffer) ||
    d.capabilities.server.length + d.capabilities.client.length > 0 ||
    d.annotations.added.length + d.annotations.removed.length > 0;
  return d;
}
