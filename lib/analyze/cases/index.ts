/** Every rule's trigger and near-miss cases, gathered for the table-driven rule test. */
import { appsCases } from './apps';
import { authCases } from './auth';
import { bridgeCases } from './bridge';
import { capabilityCases } from './capability';
import { contentCases } from './content';
import { envelopeCases } from './envelope';
import { featureCases } from './features';
import { httpCases } from './http';
import { lifecycleCases } from './lifecycle';
import { modernCases } from './modern';
import { modernHttpCases } from './modern-http';
import { resourceCases } from './resources';
import { schemaCases } from './schema';
import { stdioCases } from './stdio';
import { taskCases } from './tasks';
import { timingCases } from './timing';
import { toolCases } from './tools';
import type { RuleCase } from './types';
import { utilityCases } from './utilities';
import { versionCases } from './version';

export const CASES_BY_GROUP: Record<string, RuleCase[]> = {
  envelope: envelopeCases,
  schema: schemaCases,
  lifecycle: lifecycleCases,
  version: versionCases,
  capability: capabilityCases,
  utilities: utilityCases,
  tools: toolCases,
  content: contentCases,
  features: featureCases,
  resources: resourceCases,
  tasks: taskCases,
  stdio: stdioCases,
  timing: timingCases,
  auth: authCases,
  http: httpCases,
  modern: modernCases,
  'modern-http': modernHttpCases,
  apps: appsCases,
  bridge: bridgeCases,
};
