/**
 * `--format junit`: one test suite per group, one test case per finding; findings at or above
 * --fail-on are failures, the others pass with the finding in their output. A clean run still has
 * one passing case so CI shows that the check ran. Of a rule with more findings than are listed,
 * one more case says how many more (failed like its findings).
 */
import { atOrAbove, unlisted, type CheckResult, type Finding } from './findings';

function xml(text: string): string {
  // XML 1.0 forbids most control characters even when escaped; server text can contain them.
  return text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '\uFFFD')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

function testCase(f: Finding, result: CheckResult): string {
  const name = xml(`${f.rule} at frame #${f.frame}`);
  const detail = xml(`${f.severity}: ${f.message}${f.spec ? `\n${f.spec}` : ''}\nframes: ${f.frames.join(', ')}`);
  const open = `    <testcase classname="loupe.${xml(f.group)}" name="${name}">`;
  if (atOrAbove(f.severity, result.failOn)) {
    return `${open}\n      <failure message="${xml(f.message)}" type="${xml(f.rule)}">${detail}</failure>\n    </testcase>`;
  }
  return `${open}\n      <system-out>${detail}</system-out>\n    </testcase>`;
}

/** The case that stands for the findings of a rule not listed. */
function moreCase(like: Finding, more: number, result: CheckResult): string {
  const name = xml(`${like.rule}: ${more} more not listed`);
  const open = `    <testcase classname="loupe.${xml(like.group)}" name="${name}">`;
  const detail = xml(`${like.severity}: ${more} more findings of ${like.rule} than the ones listed`);
  if (atOrAbove(like.severity, result.failOn))
    return `${open}\n      <failure message="${detail}" type="${xml(like.rule)}">${detail}</failure>\n    </testcase>`;
  return `${open}\n      <system-out>${detail}</system-out>\n    </testcase>`;
}

export function formatJunit(result: CheckResult): string {
  const groups = new Map<string, Finding[]>();
  for (const f of result.findings) groups.set(f.group, [...(groups.get(f.group) ?? []), f]);
  const more = unlisted(result);
  const suites: string[] = [];
  let failures = 0;
  let tests = 0;
  for (const [group, findings] of groups) {
    const cases = findings.map((f) => testCase(f, result));
    let failed = findings.filter((f) => atOrAbove(f.severity, result.failOn)).length;
    for (const [rule, like] of new Map(findings.map((f) => [f.rule, f]))) {
      const n = more.get(rule)?.fresh ?? 0;
      if (n === 0) continue;
      cases.push(moreCase(like, n, result));
      if (atOrAbove(like.severity, result.failOn)) failed++;
    }
    failures += failed;
    tests += cases.length;
    suites.push(
      `  <testsuite name="${xml(group)}" tests="${cases.length}" failures="${failed}" errors="0" skipped="0">\n` + cases.join('\n') + '\n  </testsuite>',
    );
  }
  if (suites.length === 0) {
    suites.push(
      '  <testsuite name="loupe" tests="1" failures="0" errors="0" skipped="0">\n' +
        `    <testcase classname="loupe" name="${xml(`no findings in ${result.source}`)}"/>\n  </testsuite>`,
    );
  }
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<testsuites name="${xml(`loupe check ${result.source}`)}" tests="${Math.max(1, tests)}" failures="${failures}" errors="0">\n` +
    suites.join('\n') +
    '\n</testsuites>\n'
  );
}
