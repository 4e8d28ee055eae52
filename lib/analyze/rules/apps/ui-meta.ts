/**
 * The shape of `_meta.ui` on a tool (McpUiToolMeta: `resourceUri`, `visibility`) and on a UI
 * resource (UIResourceMeta: `csp`, `permissions`, `domain`, `prefersBorder`), as the ext-apps
 * spec 2026-01-26 types them. Problems come back by rule id, so each rule speaks once per object.
 */
import { isObj, own, show, type Obj } from '../../util';
import { originProblem } from './origin';

export const CSP_LISTS = ['connectDomains', 'resourceDomains', 'frameDomains', 'baseUriDomains'] as const;
const PERMISSIONS = ['camera', 'microphone', 'geolocation', 'clipboardWrite'];
const VISIBILITY = ['model', 'app'];
/** Keys of a resource's `_meta.ui` that hosts read from the resource only. */
const RESOURCE_ONLY = ['csp', 'permissions', 'domain', 'prefersBorder'];

export type UiProblems = Map<string, string[]>;

function note(problems: UiProblems, rule: string, text: string): void {
  const list = problems.get(rule);
  if (list) list.push(text);
  else problems.set(rule, [text]);
}

/** The problems of a tool's `_meta.ui` (`ui`: its value, which may be anything). */
export function toolUiProblems(ui: unknown): UiProblems {
  const problems: UiProblems = new Map();
  if (ui === undefined) return problems;
  if (!isObj(ui)) {
    note(problems, 'apps.ui-meta-shape', `_meta.ui is ${show(ui, 40)}, not an object`);
    return problems;
  }
  const uri = own(ui, 'resourceUri');
  if (uri !== undefined && typeof uri !== 'string') note(problems, 'apps.ui-meta-shape', `_meta.ui.resourceUri is ${show(uri, 40)}, not a string`);
  const visibility = own(ui, 'visibility');
  if (visibility !== undefined && !Array.isArray(visibility))
    note(problems, 'apps.visibility', `_meta.ui.visibility is ${show(visibility, 40)}; it is an array of "model" and "app"`);
  else if (Array.isArray(visibility))
    for (const v of visibility)
      if (typeof v !== 'string' || !VISIBILITY.includes(v))
        note(problems, 'apps.visibility', `_meta.ui.visibility holds ${show(v, 40)}; allowed are "model" and "app"`);
  const misplaced = RESOURCE_ONLY.filter((k) => own(ui, k) !== undefined);
  if (misplaced.length > 0)
    note(
      problems,
      'apps.tool-meta-misplaced',
      `${misplaced.map((k) => `_meta.ui.${k}`).join(', ')} ${misplaced.length === 1 ? 'is' : 'are'} set on the tool, where hosts ignore ${misplaced.length === 1 ? 'it' : 'them'}; ${misplaced.length === 1 ? 'it belongs' : 'they belong'} on the UI resource (its resources/list entry or resources/read content)`,
    );
  return problems;
}

function cspProblems(csp: unknown, problems: UiProblems): void {
  if (!isObj(csp)) {
    note(problems, 'apps.ui-meta-shape', `_meta.ui.csp is ${show(csp, 40)}, not an object`);
    return;
  }
  for (const [key, list] of Object.entries(csp)) {
    if (!(CSP_LISTS as readonly string[]).includes(key)) {
      note(problems, 'apps.ui-meta-shape', `_meta.ui.csp.${key} is not a list hosts read (${CSP_LISTS.join(', ')}); it allows nothing`);
      continue;
    }
    if (!Array.isArray(list)) {
      note(problems, 'apps.ui-meta-shape', `_meta.ui.csp.${key} is ${show(list, 40)}, not an array of origins`);
      continue;
    }
    for (const entry of list) {
      if (typeof entry !== 'string') note(problems, 'apps.ui-meta-shape', `_meta.ui.csp.${key} holds ${show(entry, 40)}, not an origin string`);
      else {
        const problem = originProblem(entry);
        if (problem) note(problems, 'apps.csp-origin', `_meta.ui.csp.${key}: ${problem}`);
      }
    }
  }
}

/** The problems of a UI resource's `_meta.ui` (from its listing entry or a read's content item). */
export function resourceUiProblems(ui: unknown): UiProblems {
  const problems: UiProblems = new Map();
  if (ui === undefined) return problems;
  if (!isObj(ui)) {
    note(problems, 'apps.ui-meta-shape', `_meta.ui is ${show(ui, 40)}, not an object`);
    return problems;
  }
  const csp = own(ui, 'csp');
  if (csp !== undefined) cspProblems(csp, problems);
  const permissions = own(ui, 'permissions');
  if (permissions !== undefined && !isObj(permissions)) note(problems, 'apps.ui-meta-shape', `_meta.ui.permissions is ${show(permissions, 40)}, not an object`);
  else if (isObj(permissions))
    for (const [key, value] of Object.entries(permissions)) {
      if (!PERMISSIONS.includes(key))
        note(problems, 'apps.ui-meta-shape', `_meta.ui.permissions.${key} is not a permission hosts grant (${PERMISSIONS.join(', ')})`);
      else if (!isObj(value))
        note(problems, 'apps.ui-meta-shape', `_meta.ui.permissions.${key} is ${show(value, 40)}; a requested permission is an object ({})`);
    }
  const domain = own(ui, 'domain');
  if (domain !== undefined && typeof domain !== 'string') note(problems, 'apps.ui-meta-shape', `_meta.ui.domain is ${show(domain, 40)}, not a string`);
  const border = own(ui, 'prefersBorder');
  if (border !== undefined && typeof border !== 'boolean') note(problems, 'apps.ui-meta-shape', `_meta.ui.prefersBorder is ${show(border, 40)}, not a boolean`);
  return problems;
}

/** The `_meta.ui` of an object (a tool, a listed resource, a content item), as it is. */
export function uiMetaOf(o: unknown): unknown {
  const meta = isObj(o) ? own(o, '_meta') : undefined;
  return isObj(meta) ? own(meta as Obj, 'ui') : undefined;
}
