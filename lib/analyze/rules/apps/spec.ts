/**
 * Where the apps.* rules' requirements are written: the MCP Apps extension's own specification
 * (ext-apps, 2026-01-26), not the core specification's versions. A rule's `section` may be such
 * an absolute link; the engine then uses it as it is.
 */
const SPEC = 'https://github.com/modelcontextprotocol/ext-apps/blob/main/specification/2026-01-26/apps.mdx';

export const APPS_SECTIONS = {
  resourceFormat: `${SPEC}#ui-resource-format`,
  contentRequirements: `${SPEC}#content-requirements`,
  resourceDiscovery: `${SPEC}#resource-discovery`,
  discoveryBehavior: `${SPEC}#behavior`,
  visibility: `${SPEC}#visibility`,
  gracefulDegradation: `${SPEC}#clientserver-capability-negotiation`,
  cspEnforcement: `${SPEC}#4-content-security-policy-enforcement`,
  lifecycle: `${SPEC}#lifecycle`,
  hostNotifications: `${SPEC}#notifications-host--view`,
  viewRequests: `${SPEC}#requests-view--host`,
  displayModes: `${SPEC}#display-modes`,
} as const;
