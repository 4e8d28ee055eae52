/**
 * What `loupe client` does once connected. Two built-in scenarios, and the official conformance
 * suite's scenario names mapped onto them (its `client --scenario NAME` mode sets
 * MCP_CONFORMANCE_SCENARIO): `discover` lists what the server offers; `call-tools` also calls every
 * tool once, with arguments made from its input schema (defaults, then sample values for required
 * fields). Calling tools can change things on a server, so it is never the default.
 */
import type { LiveSession } from '../../sessions/types';
import { formModel, initialValue, type FormField } from '../../../lib/client/schema-form';
import { discover, type StepOutcome } from '../record/discovery';

export const SCENARIOS = ['discover', 'call-tools'] as const;
export type Scenario = (typeof SCENARIOS)[number];

/** The conformance suite's client scenarios that need more than the handshake and the lists. */
const CONFORMANCE: Record<string, Scenario> = {
  initialize: 'discover',
  tools_call: 'call-tools',
  'elicitation-sep1034-client-defaults': 'call-tools',
  'sse-retry': 'call-tools',
};

/** Undefined for a name that is neither built in nor a conformance scenario. */
export function scenarioFor(name: string): Scenario | undefined {
  if ((SCENARIOS as readonly string[]).includes(name)) return name as Scenario;
  if (Object.hasOwn(CONFORMANCE, name)) return CONFORMANCE[name];
  // Every auth/* scenario: connect (authorizing as the server asks) and use its tools.
  if (name.startsWith('auth/')) return 'call-tools';
  return undefined;
}

function sample(field: FormField): unknown {
  switch (field.kind) {
    case 'number':
    case 'integer':
      return 1;
    case 'boolean':
      return false;
    case 'enum':
      return field.options?.[0]?.value;
    case 'array':
    case 'multi-enum':
      return [];
    case 'object':
      return sampleObject(field);
    default:
      return 'loupe';
  }
}

function sampleObject(field: FormField): Record<string, unknown> {
  const out = (initialValue(field) ?? {}) as Record<string, unknown>;
  for (const f of field.fields ?? []) if (f.required && out[f.key] === undefined) out[f.key] = sample(f);
  return out;
}

/** Arguments for a tool: the schema's defaults, and a sample value for each required field. */
export function sampleArguments(inputSchema: unknown): Record<string, unknown> {
  return sampleObject(formModel(inputSchema ?? { type: 'object' }));
}

export async function runScenario(scenario: Scenario, session: LiveSession, capabilities: Record<string, unknown>, timeoutMs: number): Promise<StepOutcome[]> {
  const steps = await discover(session, capabilities, timeoutMs);
  if (scenario !== 'call-tools' || capabilities.tools === undefined) return steps;
  let tools: Array<{ name?: unknown; inputSchema?: unknown }> = [];
  try {
    const listed = await session.request('tools/list', undefined, { timeoutMs });
    tools = ((listed as { tools?: unknown })?.tools ?? []) as typeof tools;
  } catch {
    return steps; // the failure is already a step of the discovery
  }
  for (const tool of tools) {
    if (typeof tool?.name !== 'string') continue;
    try {
      await session.request('tools/call', { name: tool.name, arguments: sampleArguments(tool.inputSchema) }, { timeoutMs });
      steps.push({ method: `tools/call ${tool.name}`, ok: true });
    } catch (e) {
      steps.push({ method: `tools/call ${tool.name}`, ok: false, error: (e as Error).message });
    }
  }
  return steps;
}
