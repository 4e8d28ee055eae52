/**
 * The "used" view: which methods crossed, which way, how often, and whether each was allowed by
 * the negotiated version and the capabilities declared. A violation links to its annotation.
 */
import type { SequenceModel } from './sequence-model';
import { catalogVersion, isDeclared, type Side } from '../mcp/capability-catalog';
import { mayBeSentBy, methodDef, receiverNeeds } from '../mcp/methods';
import type { ViewAnnotation } from './annotation';

export interface UsedMethod {
  method: string;
  from: Side;
  kind: 'request' | 'notification';
  count: number;
  firstSeq: number;
  allowed: boolean;
  /** Why it was not allowed, or why it is unusual (a custom method). */
  note?: string;
  /** The first annotation about one of its frames that concerns permission. */
  annotation?: ViewAnnotation;
}

export interface CapabilityContext {
  version?: string;
  clientCapabilities?: unknown;
  serverCapabilities?: unknown;
}

const PERMISSION_RULES = /^(capability\.|jsonrpc\.wrong-direction|jsonrpc\.unknown-method|version\.feature-not-in-version)/;

export function usedMethods(model: SequenceModel, ctx: CapabilityContext, annotations: readonly ViewAnnotation[] = []): UsedMethod[] {
  const groups = new Map<string, UsedMethod & { seqs: Set<number> }>();
  for (const r of model.rows) {
    if ((r.kind !== 'request' && r.kind !== 'notification') || !r.method || r.dir === 'local') continue;
    const from: Side = r.dir === 'c2s' ? 'client' : 'server';
    const k = `${from} ${r.method}`;
    let g = groups.get(k);
    if (!g) groups.set(k, (g = { method: r.method, from, kind: r.kind, count: 0, firstSeq: r.seq, allowed: true, seqs: new Set() }));
    g.count++;
    g.seqs.add(r.seq);
  }
  const version = catalogVersion(ctx.version);
  const byFrame = new Map<number, ViewAnnotation>();
  for (const a of annotations) if (PERMISSION_RULES.test(a.rule)) for (const s of a.frames) if (!byFrame.has(s)) byFrame.set(s, a);
  const out: UsedMethod[] = [];
  for (const { seqs, ...g } of groups.values()) {
    const def = methodDef(g.method, version);
    if (!def) g.note = `not defined by ${version} (custom or newer)`;
    else if (!mayBeSentBy(def, g.from)) {
      g.allowed = false;
      g.note = `only the ${def.from} may send it`;
    } else {
      // A request needs a capability of its receiver, a notification one of its sender.
      const side: Side = def.kind === 'request' ? (g.from === 'client' ? 'server' : 'client') : g.from;
      const path = def.kind === 'request' ? receiverNeeds(def, version) : def.senderNeeds;
      const caps = side === 'client' ? ctx.clientCapabilities : ctx.serverCapabilities;
      if (path !== undefined && !isDeclared(caps, path)) {
        g.allowed = false;
        g.note = `the ${side} did not declare ${path}`;
      }
    }
    for (const s of seqs) {
      const a = byFrame.get(s);
      if (a) {
        g.annotation = a;
        break;
      }
    }
    if (g.annotation?.severity === 'error') g.allowed = false;
    out.push(g);
  }
  return out.sort((a, b) => a.firstSeq - b.firstSeq);
}
