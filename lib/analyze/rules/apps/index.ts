/**
 * apps.*: the server side of MCP Apps (the `io.modelcontextprotocol/ui` extension, ext-apps spec
 * 2026-01-26), judged from the ordinary traffic between a host and the server: tools/list,
 * tools/call, resources/list, resources/templates/list and resources/read. The messages between a
 * rendered App and its host are not judged here.
 */
import type { RuleModule } from '../../types';
import { judgeRead, judgeResourceListing, judgeUnlisted, noteTemplateListing } from './resources';
import { APPS_SECTIONS as S } from './spec';
import { judgeToolCall, judgeToolListing } from './tools';

export const appsRules: RuleModule = {
  rules: {
    'apps.resource-uri-scheme': { severity: 'error', layer: 'capabilities', section: S.contentRequirements },
    'apps.resource-mime-type': { severity: 'error', layer: 'capabilities', section: S.contentRequirements },
    'apps.resource-missing': { severity: 'error', layer: 'capabilities', section: S.discoveryBehavior },
    'apps.resource-unlisted': { severity: 'info', layer: 'capabilities', section: S.discoveryBehavior },
    'apps.deprecated-resource-uri-key': { severity: 'warning', layer: 'capabilities', section: S.resourceDiscovery },
    'apps.ui-meta-shape': { severity: 'error', layer: 'capabilities', section: S.resourceFormat },
    'apps.csp-origin': { severity: 'error', layer: 'capabilities', section: S.resourceFormat },
    'apps.visibility': { severity: 'error', layer: 'capabilities', section: S.visibility },
    'apps.tool-meta-misplaced': { severity: 'warning', layer: 'capabilities', section: S.resourceDiscovery },
    'apps.no-text-fallback': { severity: 'warning', layer: 'capabilities', section: S.gracefulDegradation },
    'apps.csp-undeclared-origin': { severity: 'warning', layer: 'capabilities', section: S.cspEnforcement },
  },

  onMessage(ctx) {
    const { msg, request } = ctx;
    // Only the first answer to a client's request: a duplicate is jsonrpc.duplicate-response's.
    if ((msg.kind !== 'response' && msg.kind !== 'error') || !request || request.responseSeq !== undefined || request.dir !== 'c2s') return;
    if (request.method === 'resources/read') judgeRead(ctx, request);
    if (msg.kind !== 'response') return;
    if (request.method === 'tools/list') judgeToolListing(ctx, request);
    else if (request.method === 'tools/call') judgeToolCall(ctx, request);
    else if (request.method === 'resources/list') judgeResourceListing(ctx, request);
    else if (request.method === 'resources/templates/list') noteTemplateListing(ctx, request);
  },

  onFinish(ctx, _nowUs, endOfTrace) {
    if (endOfTrace) judgeUnlisted(ctx);
  },
};
