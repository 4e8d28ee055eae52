/**
 * `--format sarif`: SARIF 2.1.0, one run, one rule per rule id that fired. When a trace file was
 * checked, each result points at its frame's line in the file (the header is line 1, so frame
 * seq N of a whole-session trace is line N + 1, or as `frameLines` says for a selection); a live check points at the frame logically.
 * The results are the findings listed (the first of each rule); each rule's `properties.count`
 * says how many it found, and `properties.listed` how many of them are results.
 */
import { listedByRule, type CheckResult, type Finding, type Severity } from './findings';

const level: Record<Severity, 'error' | 'warning' | 'note'> = { error: 'error', warning: 'warning', info: 'note' };

function location(f: Finding, result: CheckResult) {
  const logical = { logicalLocations: [{ name: `frame #${f.frame}`, kind: 'object' }] };
  if (!result.traceFile) return logical;
  const startLine = result.frameLines?.lineOf(f.frame) ?? f.frame + 1;
  return { physicalLocation: { artifactLocation: { uri: result.traceFile }, region: { startLine } }, ...logical };
}

export function formatSarif(result: CheckResult, loupeVersion: string): string {
  const rules: Array<{
    id: string;
    name: string;
    helpUri?: string;
    shortDescription: { text: string };
    properties: { group: string; count: number; listed: number };
  }> = [];
  const ruleIndex = new Map<string, number>();
  const counts = new Map(result.rules.map((r) => [r.rule, r.count]));
  const listed = listedByRule(result.findings);
  for (const f of result.findings) {
    if (ruleIndex.has(f.rule)) continue;
    ruleIndex.set(f.rule, rules.length);
    rules.push({
      id: f.rule,
      name: f.rule,
      shortDescription: { text: `Loupe rule ${f.rule} (${f.group})` },
      properties: { group: f.group, count: counts.get(f.rule) ?? 0, listed: listed.get(f.rule) ?? 0 },
      ...(f.spec ? { helpUri: f.spec } : {}),
    });
  }
  const results = result.findings.map((f) => ({
    ruleId: f.rule,
    ruleIndex: ruleIndex.get(f.rule),
    level: level[f.severity],
    message: { text: f.message },
    locations: [location(f, result)],
    properties: { frames: f.frames, group: f.group, severity: f.severity },
  }));
  const log = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: { driver: { name: 'Loupe', version: loupeVersion, informationUri: 'https://modelcontextprotocol.io/specification', rules } },
        ...(result.traceFile ? { artifacts: [{ location: { uri: result.traceFile } }] } : {}),
        results,
        properties: { source: result.source, negotiatedVersion: result.negotiatedVersion, frames: result.frameCount },
      },
    ],
  };
  return JSON.stringify(log, null, 2);
}
