/**
 * Playwright's `test` and `expect`, extended. The base objects come from the entry (test/index.mjs)
 * so this file never loads a second copy of Playwright: it only adds the `loupe` fixture, its
 * options and the matchers.
 */
import type { Expect, ExpectMatcherState, TestInfo, TestType } from '@playwright/test';
import { LoupeFixture } from './loupe';

export { McpRequestError } from './loupe';
import type { McpServerOption, ServerRequestPolicy } from './types';
import type { Severity } from '../../lib/analyze';
import { describeTarget, parseTarget } from '../../lib/gates/latency';

type Base = TestType<any, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export function extendTest(base: Base) {
  return base.extend<{ mcpServer: McpServerOption | undefined; serverRequests: Record<string, ServerRequestPolicy>; loupe: LoupeFixture }>({
    mcpServer: [undefined, { option: true }],
    serverRequests: [{}, { option: true }],
    loupe: async (
      {
        page,
        mcpServer,
        serverRequests,
      }: { page: import('@playwright/test').Page; mcpServer: McpServerOption | undefined; serverRequests: Record<string, ServerRequestPolicy> },
      use: (l: LoupeFixture) => Promise<void>,
      testInfo: TestInfo,
    ) => {
      const loupe = new LoupeFixture(page, mcpServer, { ...serverRequests });
      try {
        await use(loupe);
        if (testInfo.status !== 'passed' && testInfo.status !== 'skipped') await attachEvidence(loupe, testInfo);
      } finally {
        await loupe.dispose();
      }
    },
  });
}

/**
 * A red test shows what crossed the wire: the redacted trace and the Sequence pane. The page is
 * first reopened in the redacted view, so the picture, and the page snapshot Playwright writes
 * when the test's browser context closes (error-context.md), hold what the trace holds and no
 * secret. A page that cannot show the redacted view is left blank rather than showing secrets.
 */
async function attachEvidence(loupe: LoupeFixture, testInfo: TestInfo): Promise<void> {
  let sessionId: string;
  try {
    sessionId = loupe.sessionId;
  } catch {
    return; // never connected: nothing crossed
  }
  try {
    await testInfo.attach('loupe-trace.ndjson', { body: await loupe.exportText(true), contentType: 'application/x-ndjson' });
  } catch (e) {
    await testInfo.attach('loupe-trace-error.txt', {
      body: `the trace of session ${sessionId} could not be exported: ${(e as Error).message}`,
      contentType: 'text/plain',
    });
  }
  try {
    await loupe.showRedacted();
  } catch (e) {
    await loupe.page.goto('about:blank').catch(() => undefined);
    await testInfo.attach('loupe-sequence-error.txt', {
      body: `the Sequence pane of session ${sessionId} is not attached: the redacted view could not be shown (${(e as Error).message})`,
      contentType: 'text/plain',
    });
    return;
  }
  try {
    const pane = loupe.page.getByRole('region', { name: 'Sequence' });
    // The redacted view masks what an export masks; the test's own secrets (env and header values
    // with secret-looking names) are painted over as well, should a rule ever miss one.
    const mask = loupe.secretValues().map((v) => loupe.page.getByText(v));
    await testInfo.attach('loupe-sequence.png', { body: await pane.screenshot({ timeout: 10_000, mask }), contentType: 'image/png' });
  } catch {
    await testInfo.attach('loupe-page.png', { body: await loupe.page.screenshot(), contentType: 'image/png' }).catch(() => undefined);
  }
}

const RANK: Record<Severity, number> = { error: 0, warning: 1, info: 2 };

export function extendExpect(base: Expect) {
  return base.extend({
    async toHaveNoFindings(this: ExpectMatcherState, loupe: LoupeFixture, filter: { severity?: Severity } = {}) {
      const found = await loupe.findings(filter);
      const pass = found.length === 0;
      const at = filter.severity ? ` at or above ${filter.severity}` : '';
      return {
        pass,
        name: 'toHaveNoFindings',
        message: () =>
          pass
            ? `expected findings${at}, found none`
            : `expected no findings${at}, found ${found.length}:\n${found
                .sort((a, b) => RANK[a.severity] - RANK[b.severity])
                .map((f) => `  frame #${f.frame}  ${f.severity}  ${f.rule}  ${f.message}`)
                .join('\n')}`,
      };
    },
    async toAnswerWithin(this: ExpectMatcherState, loupe: LoupeFixture, target: string, ms: number) {
      const l = await loupe.latency(target);
      const what = describeTarget(parseTarget(target));
      if (l.samples.length === 0) {
        return {
          pass: false,
          name: 'toAnswerWithin',
          message: () => `expected ${what} to answer within ${ms} ms, but no ${what} request was answered (${l.sent} sent)`,
        };
      }
      const pass = l.p95Ms <= ms;
      const detail = `p95 ${l.p95Ms.toFixed(1)} ms over ${l.samples.length} answered request${l.samples.length === 1 ? '' : 's'} (slowest ${l.samples[0].latencyMs.toFixed(1)} ms, frame #${l.samples[0].requestSeq})`;
      return { pass, name: 'toAnswerWithin', message: () => `expected ${what} to answer within ${ms} ms${pass ? ' not to hold' : ''}: ${detail}` };
    },
  });
}
