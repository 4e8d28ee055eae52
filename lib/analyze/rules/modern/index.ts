/** modern.*: the rules of the 2026-07-28 era (docs/eras.md); each judges modern messages only. */
import type { RuleModule } from '../../types';
import { modernErrorRules } from './errors';
import { modernHttpRules } from './http-headers';
import { modernListenRules } from './listens';
import { modernRequestRules } from './requests';
import { modernResultRules } from './results';
import { modernRetryRules } from './retries';

export const MODERN_RULES: readonly RuleModule[] = [
  modernHttpRules,
  modernRequestRules,
  modernResultRules,
  modernRetryRules,
  modernListenRules,
  modernErrorRules,
];
