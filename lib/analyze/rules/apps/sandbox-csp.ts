/**
 * The Content-Security-Policy a host gives an MCP App's frame, built from the UI resource's
 * `_meta.ui.csp` (ext-apps spec 2026-01-26, "Content Security Policy"): the app's own inline code
 * runs, and it loads, connects, frames and sets its base only where the lists say. An entry that
 * is not an origin (`originProblem`, the judgement apps.csp-origin reports) is left out and said
 * so, rather than pasted into the header where it could add a directive or a keyword.
 */
import { isObj, own, show, type Obj } from '../../util';
import { originProblem } from './origin';
import { CSP_LISTS } from './ui-meta';

type CspList = (typeof CSP_LISTS)[number];

/** A declared entry the sandbox did not apply, and why. */
export interface DroppedCspEntry {
  list: string;
  entry: string;
  reason: string;
}

export interface SandboxCsp {
  /** The header value the app's frame is served with. */
  policy: string;
  /** The origins applied, per list. */
  applied: Record<CspList, string[]>;
  dropped: DroppedCspEntry[];
}

/** At most this many origins per list: a header has to stay within what servers and browsers accept. */
const MAX_ENTRIES = 64;

function readList(csp: Obj, list: CspList, dropped: DroppedCspEntry[]): string[] {
  const value = own(csp, list);
  if (value === undefined) return [];
  if (!Array.isArray(value)) {
    dropped.push({ list, entry: show(value, 60), reason: `${list} is not an array of origins` });
    return [];
  }
  const kept: string[] = [];
  for (const entry of value) {
    if (typeof entry !== 'string') {
      dropped.push({ list, entry: show(entry, 60), reason: 'not a string' });
      continue;
    }
    const problem = originProblem(entry);
    if (problem) dropped.push({ list, entry: show(entry, 120), reason: problem });
    else if (kept.length >= MAX_ENTRIES) dropped.push({ list, entry, reason: `more than ${MAX_ENTRIES} origins in ${list}` });
    else if (!kept.includes(entry.replace(/\/$/, ''))) kept.push(entry.replace(/\/$/, ''));
  }
  return kept;
}

/**
 * The policy for a resource whose `_meta.ui.csp` is `csp` (anything: it came from a server). With
 * no lists at all, the app may load nothing from elsewhere (the spec's restrictive default).
 */
export function sandboxCsp(csp: unknown): SandboxCsp {
  const dropped: DroppedCspEntry[] = [];
  if (csp !== undefined && !isObj(csp)) dropped.push({ list: 'csp', entry: show(csp, 60), reason: '_meta.ui.csp is not an object' });
  const applied = Object.fromEntries(CSP_LISTS.map((l) => [l, isObj(csp) ? readList(csp, l, dropped) : []])) as Record<CspList, string[]>;
  const resources = applied.resourceDomains;
  const with_ = (...values: string[]) => values.filter(Boolean).join(' ');
  const policy = [
    "default-src 'none'",
    // The app is one HTML document: its inline scripts and styles are its code.
    with_("script-src 'unsafe-inline' blob: data:", ...resources),
    with_("style-src 'unsafe-inline' blob: data:", ...resources),
    with_('img-src blob: data:', ...resources),
    with_('font-src blob: data:', ...resources),
    with_('media-src blob: data:', ...resources),
    with_('worker-src blob:', ...resources),
    applied.connectDomains.length ? with_('connect-src', ...applied.connectDomains) : "connect-src 'none'",
    applied.frameDomains.length ? with_('frame-src', ...applied.frameDomains) : "frame-src 'none'",
    applied.baseUriDomains.length ? with_('base-uri', ...applied.baseUriDomains) : "base-uri 'none'",
    "object-src 'none'",
    "form-action 'none'",
  ].join('; ');
  return { policy, applied, dropped };
}
