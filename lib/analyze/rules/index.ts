/**
 * Every rule module, in the order they speak about a frame. To add a group (the http.* rules),
 * add its file and one line here.
 */
import type { RuleModule } from '../types';
import { appsRules } from './apps';
import { authRules } from './auth';
import { capabilityRules } from './capability';
import { contentRules } from './content';
import { envelopeRules } from './envelope';
import { featureRules } from './features';
import { httpRules } from './http-transport';
import { lifecycleRules } from './lifecycle';
import { methodRules } from './methods';
import { MODERN_RULES } from './modern';
import { resourceRules } from './resources';
import { schemaRules } from './schema';
import { stdioRules } from './stdio';
import { taskRules } from './tasks';
import { timingRules } from './timing';
import { toolRules } from './tools';
import { utilityRules } from './utilities';
import { versionRules } from './version';

export const RULE_MODULES: readonly RuleModule[] = [
  stdioRules,
  httpRules,
  authRules,
  envelopeRules,
  methodRules,
  versionRules,
  lifecycleRules,
  capabilityRules,
  schemaRules,
  utilityRules,
  toolRules,
  resourceRules,
  contentRules,
  featureRules,
  taskRules,
  appsRules,
  ...MODERN_RULES,
  timingRules,
];

/** What an MCP App's bridge (an app channel) is judged by: it speaks JSON-RPC, not MCP's client-server protocol. */
export const BRIDGE_RULE_MODULES: readonly RuleModule[] = [envelopeRules];
