/**
 * The person's custom redaction rules, remembered between exports and across reloads in
 * localStorage, beside the page's other preferences (roots, last arguments). A rule that no longer
 * passes the check (a damaged entry, an older Loupe's syntax) is left out rather than trusted.
 */
import { checkCustomRule, type CustomRule } from '../trace';
import { browserStorage } from './client-panel/storage';

const KEY = 'loupe.redaction.customRules';

export function loadCustomRules(): CustomRule[] {
  try {
    const v: unknown = JSON.parse(browserStorage()?.getItem(KEY) ?? '[]');
    if (!Array.isArray(v)) return [];
    return v.flatMap((r: unknown): CustomRule[] => {
      const o = r as Record<string, unknown> | null;
      if (typeof o !== 'object' || o === null) return [];
      const rule: CustomRule = {
        ...(typeof o.id === 'string' ? { id: o.id } : {}),
        ...(typeof o.regex === 'string' ? { regex: o.regex } : {}),
        ...(typeof o.flags === 'string' ? { flags: o.flags } : {}),
        ...(typeof o.jsonPath === 'string' ? { jsonPath: o.jsonPath } : {}),
      };
      return checkCustomRule(rule) === undefined ? [rule] : [];
    });
  } catch {
    return [];
  }
}

export function saveCustomRules(rules: readonly CustomRule[]): void {
  try {
    browserStorage()?.setItem(KEY, JSON.stringify(rules));
  } catch {
    // A full or refused storage forgets the rules after this export, never the export itself.
  }
}
