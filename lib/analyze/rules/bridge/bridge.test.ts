import { describe, expect, it } from 'vitest';
import { readTraceText } from '../../../trace/reader';
import { modelOf } from '../../../model/session-model';
import golden from '../../../../e2e/golden/apps-basic.v3.loupe.ndjson?raw';

describe('the bridge rules on a real app', () => {
  it('stay quiet on server-basic-vanillajs rendered by the SDK’s own App and AppBridge', () => {
    const model = modelOf(readTraceText(golden).frames);
    expect(model.appChannels.length).toBeGreaterThan(0);
    expect(model.annotations.filter((a) => /^(app|host)\./.test(a.rule))).toEqual([]);
  });
});
