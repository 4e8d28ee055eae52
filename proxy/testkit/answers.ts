/**
 * What the test kit answers when the server asks the client something (sampling, elicitation,
 * roots): the test's policy for that method, or a default that never leaves the server waiting.
 */
import { APPS_CLIENT_SETTINGS, APPS_EXTENSION } from '../../lib/mcp/apps';
import type { ServerRequestAnswer, ServerRequestPolicy } from './types';

// roots/list never reaches the kit: the session answers it from its roots (see LoupeFixture).
const DEFAULTS: Record<string, ServerRequestAnswer> = {
  'elicitation/create': { action: 'decline' },
};

export function noPolicyError(method: string): ServerRequestAnswer {
  return {
    error: {
      code: -1,
      message: `mcp-loupe/test: the test gives no answer to ${method}; set one with test.use({ serverRequests: { '${method}': result or (params) => result } })`,
    },
  };
}

export async function answerFor(method: string, params: unknown, policies: Record<string, ServerRequestPolicy>): Promise<ServerRequestAnswer> {
  const policy = Object.hasOwn(policies, method) ? policies[method] : DEFAULTS[method];
  if (policy === undefined) return noPolicyError(method);
  return typeof policy === 'function' ? policy(params) : policy;
}

/**
 * The client capabilities that match the policies: roots always, sampling and elicitation when
 * answered, and the MCP Apps extension, as the page declares it (the kit's page renders apps), so
 * a server lists the tools it gives UI hosts only.
 */
export function capabilitiesFor(policies: Record<string, ServerRequestPolicy>): Record<string, unknown> {
  const caps: Record<string, unknown> = { roots: {}, extensions: { [APPS_EXTENSION]: APPS_CLIENT_SETTINGS } };
  if (Object.hasOwn(policies, 'sampling/createMessage')) caps.sampling = {};
  if (Object.hasOwn(policies, 'elicitation/create')) caps.elicitation = { form: {}, url: {} };
  return caps;
}

export function isErrorAnswer(a: ServerRequestAnswer): a is { error: { code: number; message: string; data?: unknown } } {
  const e = (a as { error?: unknown }).error;
  return typeof e === 'object' && e !== null && typeof (e as { code?: unknown }).code === 'number' && Object.keys(a).length === 1;
}
