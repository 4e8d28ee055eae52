/**
 * Watches a page for Content-Security-Policy violations: the `securitypolicyviolation` events the
 * document fires (recorded by a script installed before the page's own) and the browser's console
 * messages about refused content, which also cover what happens before any script runs.
 */
import { expect, type Page } from '@playwright/test';

export interface Violation {
  directive: string;
  blocked: string;
  sample: string;
}

export interface CspWatch {
  /** Every violation so far, from events and from the console. */
  violations(): Promise<string[]>;
  /** The events alone, with the directive they broke. */
  events(): Promise<Violation[]>;
  expectNone(): Promise<void>;
}

const CONSOLE_CSP = /Content Security Policy|Refused to (?:execute|load|apply|connect|evaluate|frame|create)/i;

export async function watchCsp(page: Page): Promise<CspWatch> {
  const consoleLines: string[] = [];
  page.on('console', (m) => {
    if (CONSOLE_CSP.test(m.text())) consoleLines.push(`console ${m.type()}: ${m.text()}`);
  });
  await page.addInitScript(() => {
    const seen: { directive: string; blocked: string; sample: string }[] = [];
    (window as unknown as { __cspViolations: typeof seen }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => {
      seen.push({ directive: e.effectiveDirective, blocked: e.blockedURI, sample: e.sample });
    });
  });
  const events = () => page.evaluate(() => (window as unknown as { __cspViolations?: Violation[] }).__cspViolations ?? []);
  const violations = async () => [...(await events()).map((v) => `event: ${v.directive} blocked ${v.blocked} ${v.sample}`), ...consoleLines];
  return {
    events,
    violations,
    async expectNone() {
      expect(await violations()).toEqual([]);
    },
  };
}

/**
 * Tries what an attacker who got markup into the page would: an inline script, an inline event
 * handler, and (when a URL is given) a request to another origin. Returns what ran.
 */
export async function tryInjections(page: Page, foreignUrl?: string): Promise<{ script: boolean; handler: boolean; fetched: boolean }> {
  return page.evaluate(async (url) => {
    const w = window as unknown as { __injectedScript?: boolean; __injectedHandler?: boolean };
    const script = document.createElement('script');
    script.textContent = 'window.__injectedScript = true';
    document.body.append(script);
    const button = document.createElement('button');
    button.setAttribute('onclick', 'window.__injectedHandler = true');
    document.body.append(button);
    button.click();
    let fetched = false;
    if (url)
      fetched = await fetch(url).then(
        () => true,
        () => false,
      );
    script.remove();
    button.remove();
    return { script: w.__injectedScript === true, handler: w.__injectedHandler === true, fetched };
  }, foreignUrl);
}
