/**
 * modern.*: the error codes of 2026-07-28 (basic/index#error-codes): -32022 says which versions
 * the server supports, -32021 which capabilities it needs; the draft's codes were renumbered
 * before the freeze, and -32002 / -32042 are retired.
 */
import { MISSING_CLIENT_CAPABILITY, UNSUPPORTED_VERSION } from '../../../mcp/era';
import type { RuleModule } from '../../types';
import { arrAt, isObj, objAt, own, strAt } from '../../util';

/** The draft's numbering, and what each became (changelog, minor change 12). */
const PRE_FREEZE: Readonly<Record<number, string>> = {
  [-32001]: 'HeaderMismatch, now -32020',
  [-32003]: 'MissingRequiredClientCapability, now -32021',
  [-32004]: 'UnsupportedProtocolVersion, now -32022',
};
const RETIRED: Readonly<Record<number, string>> = { [-32002]: 'resource not found (now -32602)', [-32042]: 'URL elicitation required (2025-11-25 only)' };

export const modernErrorRules: RuleModule = {
  rules: {
    'modern.error-data': { severity: 'error', layer: 'lifecycle', section: 'basic/versioning#protocol-version-negotiation' },
    'modern.pre-freeze-error-code': { severity: 'warning', layer: 'lifecycle', section: 'changelog#minor-changes' },
    'modern.retired-error-code': { severity: 'error', layer: 'capabilities', section: 'basic/index#error-codes' },
  },

  onMessage({ msg, state, request, report }) {
    if (state.era !== 'modern' || msg.kind !== 'error' || msg.dir !== 's2c' || !isObj(msg.error) || request?.responseSeq !== undefined) return;
    const code = own(msg.error, 'code');
    if (typeof code !== 'number') return;
    const at = request ? [msg.seq, request.seq] : [msg.seq];
    const data = objAt(msg.error, 'data');
    if (code === UNSUPPORTED_VERSION) {
      const supported = arrAt(data, 'supported');
      const wrong = [
        ...(supported && supported.length > 0 && supported.every((v) => typeof v === 'string') ? [] : ['data.supported (the versions it supports)']),
        ...(strAt(data, 'requested') === undefined ? ['data.requested (the version asked for)'] : []),
      ];
      if (wrong.length)
        report(
          'modern.error-data',
          at,
          `an UnsupportedProtocolVersion error (-32022) without ${wrong.join(' and ')}: the client cannot pick a version to retry with`,
        );
    } else if (code === MISSING_CLIENT_CAPABILITY && !isObj(own(data ?? {}, 'requiredCapabilities'))) {
      report(
        'modern.error-data',
        at,
        'a MissingRequiredClientCapability error (-32021) without data.requiredCapabilities: the client cannot tell what to declare',
      );
    } else if (Object.prototype.hasOwnProperty.call(PRE_FREEZE, code)) {
      report('modern.pre-freeze-error-code', at, `error code ${code} is the pre-freeze draft's ${PRE_FREEZE[code]}; 2026-07-28 renumbered it`);
    } else if (Object.prototype.hasOwnProperty.call(RETIRED, code)) {
      report('modern.retired-error-code', at, `error code ${code} (${RETIRED[code]}) must not be sent by a 2026-07-28 implementation`);
    }
  },
};
