import { describe, expect, it } from 'vitest';
import { analyze, LAYERS, RULE_MODULES } from './index';
import { BRIDGE_RULE_MODULES } from './rules';
import { CASES_BY_GROUP } from './cases';
import { req } from './cases/types';
import { script } from './testing';
import readme from './README.md?raw';

const ALL_MODULES = [...RULE_MODULES, ...BRIDGE_RULE_MODULES.filter((m) => !RULE_MODULES.includes(m))];
const implemented = ALL_MODULES.flatMap((m) => Object.keys(m.rules));

describe.each(Object.entries(CASES_BY_GROUP))('%s rules', (_group, cases) => {
  it.each(cases.map((c) => [`${c.rule}: ${c.name}`, c] as const))('%s', (_title, c) => {
    const hit = analyze(c.trigger(), c.options).annotations.filter((a) => a.rule === c.rule);
    expect(hit.length, `${c.rule} should fire`).toBeGreaterThan(0);
    expect(hit[0].message.length).toBeGreaterThan(10);
    // An extension's rules link to its own specification (MCP Apps: the ext-apps repository's).
    if (/^(apps|app|host)\./.test(c.rule))
      expect(hit[0].spec).toMatch(/^https:\/\/github\.com\/modelcontextprotocol\/ext-apps\/blob\/main\/specification\/2026-01-26\/apps\.mdx#[a-z0-9-]+$/);
    else expect(hit[0].spec).toMatch(/^https:\/\/modelcontextprotocol\.io\/specification\/\d{4}-\d{2}-\d{2}\//);
    if (c.frames) expect(hit[0].frames).toEqual(c.frames);
    const miss = analyze(c.nearMiss(), c.options).annotations.filter((a) => a.rule === c.rule);
    expect(miss, `${c.rule} must not fire on the near miss`).toEqual([]);
  });
});

describe('the catalog', () => {
  it('has a trigger and a near miss for every rule it implements', () => {
    const tested = new Set(
      Object.values(CASES_BY_GROUP)
        .flat()
        .map((c) => c.rule),
    );
    // http.* rules have their own scripted exchanges in rules/http-transport.test.ts.
    expect(implemented.filter((r) => !r.startsWith('http.') && !tested.has(r))).toEqual([]);
  });

  it('lists every rule id in README.md', () => {
    expect(implemented.filter((r) => !readme.includes(`| \`${r}\` |`))).toEqual([]);
  });

  it('gives every rule a layer, and the README the same one', () => {
    const specs = ALL_MODULES.flatMap((m) => Object.entries(m.rules));
    for (const [id, spec] of specs) {
      expect(LAYERS, id).toContain(spec.layer);
      const row = readme.split('\n').find((l) => l.startsWith(`| \`${id}\` |`));
      expect(row?.split('|')[3]?.trim(), id).toBe(spec.layer);
    }
  });

  it('declares each rule id once', () => {
    expect(new Set(implemented).size).toBe(implemented.length);
  });
});

describe('one fault, one annotation', () => {
  const faults = [
    'tools.input-schema',
    'roots.non-file-uri',
    'completion.too-many-values',
    'content.invalid-block',
    'tasks.missing-fields',
    'elicitation.url-fields',
    'elicitation.schema-not-flat',
    'sampling.tool-result-mixed',
  ];
  it.each(faults)('%s is not repeated as a schema annotation', (rule) => {
    for (const c of Object.values(CASES_BY_GROUP)
      .flat()
      .filter((x) => x.rule === rule)) {
      const rules = analyze(c.trigger()).annotations.map((a) => a.rule);
      expect(rules, c.name).toContain(rule);
      expect(
        rules.filter((r) => r.startsWith('schema.')),
        c.name,
      ).toEqual([]);
    }
  });
});

describe('spec links', () => {
  it('point at the section of the negotiated version', () => {
    const at = (version: string) =>
      analyze(script().handshake({ version }).c(req(1, 'acme/x')).frames).annotations.find((a) => a.rule === 'jsonrpc.unknown-method')?.spec;
    expect(at('2025-06-18')).toBe('https://modelcontextprotocol.io/specification/2025-06-18/basic/index#messages');
    expect(at('2024-11-05')).toBe('https://modelcontextprotocol.io/specification/2024-11-05/basic/messages#messages');
  });
});
