/**
 * The CI gates of `loupe check`: what a server must (and must not) offer, how fast it answers,
 * how big its tool listing is, and whether its interface drifted from a saved baseline. Each
 * failed gate is a finding with a `check.*` rule id (listed in docs/cli.md, "CI gates"), so every
 * report format shows it and it sets the exit status like an analyser finding of severity error.
 */
import type { JudgedModel } from '../../../lib/model/bounded-model';
import { describeTarget, parseTarget, targetLatency, type RequestTarget } from '../../../lib/gates/latency';
import { toolsListingSize } from '../../../lib/gates/tools-size';
import { offeredToolNames } from '../../../lib/gates/offered-tools';
import { interfaceDrift, type InterfaceBaseline } from '../../../lib/gates/offer';
import { UsageError } from '../shared/args';
import type { Finding } from './findings';
import { driftFindings } from './gate-drift';
import { gateFinding } from './gate-finding';

export const GATE_FLAGS = {
  'expect-tool': { type: 'string', multiple: true },
  'forbid-tool': { type: 'string', multiple: true },
  budget: { type: 'string', multiple: true },
  'max-tools-bytes': { type: 'string' },
  'interface-baseline': { type: 'string' },
  'write-interface-baseline': { type: 'string' },
} as const;

export const GATE_USAGE = `gates (each failure is a check.* finding of severity error):
  --expect-tool NAME              the server must offer this tool (repeatable)
  --forbid-tool NAME              the server must not offer this tool (repeatable)
  --budget METHOD[:NAME]=MS       p95 latency of those requests, measured at the proxy, must not
                                  exceed MS (repeatable): --budget tools/call:search=300
  --max-tools-bytes N             the tools/list result must not exceed N bytes (its size and an
                                  estimate in tokens, bytes/4, are printed on stderr)
  --interface-baseline FILE       the offered tools, resources, templates and prompts must equal
                                  the ones saved in FILE
  --write-interface-baseline FILE save the offered interface to FILE (for --interface-baseline)`;

export interface GateValues {
  'expect-tool'?: string[];
  'forbid-tool'?: string[];
  budget?: string[];
  'max-tools-bytes'?: string;
}

export interface Gates {
  expectTools: string[];
  forbidTools: string[];
  budgets: Array<{ target: RequestTarget; ms: number }>;
  maxToolsBytes?: number;
  interfaceBaseline?: InterfaceBaseline;
}

function parseBudget(text: string): { target: RequestTarget; ms: number } {
  const eq = text.lastIndexOf('=');
  const ms = eq < 0 ? NaN : Number(text.slice(eq + 1));
  if (eq <= 0 || !Number.isFinite(ms) || ms <= 0) throw new UsageError(`--budget takes METHOD[:NAME]=MS such as tools/call:echo=200, got '${text}'`);
  return { target: parseTarget(text.slice(0, eq)), ms };
}

export function parseGates(values: GateValues, interfaceBaseline?: InterfaceBaseline): Gates {
  const max = values['max-tools-bytes'];
  const maxToolsBytes = max === undefined ? undefined : Number(max);
  if (maxToolsBytes !== undefined && (!Number.isInteger(maxToolsBytes) || maxToolsBytes <= 0))
    throw new UsageError(`--max-tools-bytes takes a positive whole number of bytes, got '${max}'`);
  return {
    expectTools: values['expect-tool'] ?? [],
    forbidTools: values['forbid-tool'] ?? [],
    budgets: (values.budget ?? []).map(parseBudget),
    maxToolsBytes,
    interfaceBaseline,
  };
}

const ms = (n: number) => `${n < 1 ? n : Math.round(n * 10) / 10} ms`;

/** `notes` are measurements worth printing even when the gate passes (the listing's size). Every
 *  gate reads the check's one model of the session: the pairs the findings were judged on. */
export function runGates(model: JudgedModel, gates: Gates): { findings: Finding[]; notes: string[] } {
  const findings: Finding[] = [];
  const notes: string[] = [];
  const size = toolsListingSize(model);
  const listingFrames = size ? [size.firstResponseSeq] : [];
  if (gates.expectTools.length + gates.forbidTools.length > 0) {
    const offered = offeredToolNames(model);
    for (const name of gates.expectTools) {
      if (!offered.has(name))
        findings.push(
          gateFinding(
            'check.expected-tool-missing',
            listingFrames,
            size
              ? `the server does not offer the tool "${name}" (it offers ${offered.size}: ${[...offered].sort().join(', ') || 'none'})`
              : `the tool "${name}" was expected, but the session has no tools/list answer`,
          ),
        );
    }
    for (const name of gates.forbidTools) {
      if (offered.has(name)) findings.push(gateFinding('check.forbidden-tool-offered', listingFrames, `the server offers the forbidden tool "${name}"`));
    }
  }
  for (const { target, ms: budget } of gates.budgets) {
    const l = targetLatency(model, target);
    const what = describeTarget(target);
    if (l.samples.length === 0) {
      findings.push(
        gateFinding(
          'check.budget-unmeasured',
          [],
          `no ${what} request was answered (${l.sent} sent), so its budget of ${ms(budget)} cannot be checked: add one to --script`,
        ),
      );
    } else if (l.p95Ms > budget) {
      const over = l.samples.filter((s) => s.latencyMs > budget);
      findings.push(
        gateFinding(
          'check.budget-exceeded',
          over.map((s) => s.requestSeq),
          `${what}: p95 ${ms(l.p95Ms)} over ${l.samples.length} answered request${l.samples.length === 1 ? '' : 's'} exceeds the budget of ${ms(budget)} (slowest ${ms(l.samples[0].latencyMs)})`,
        ),
      );
    }
  }
  if (gates.maxToolsBytes !== undefined) {
    if (!size)
      findings.push(gateFinding('check.tools-listing-too-large', [], `--max-tools-bytes was given, but the session has no tools/list answer to measure`));
    else {
      notes.push(
        `the tools/list result is ${size.bytes} bytes in ${size.pages} page${size.pages === 1 ? '' : 's'}, about ${size.estimatedTokens} tokens (bytes/4)`,
      );
      if (size.bytes > gates.maxToolsBytes)
        findings.push(
          gateFinding(
            'check.tools-listing-too-large',
            listingFrames,
            `the tools/list result is ${size.bytes} bytes (about ${size.estimatedTokens} tokens), over the limit of ${gates.maxToolsBytes} bytes`,
          ),
        );
    }
  }
  if (gates.interfaceBaseline) findings.push(...driftFindings(interfaceDrift(gates.interfaceBaseline, model), listingFrames));
  return { findings, notes };
}
