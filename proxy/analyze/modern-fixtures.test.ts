/**
 * The session model and the modern.* rules on real 2026-07-28 traffic: Loupe's client against the
 * 2.x SDK fixture servers (stdio and Streamable HTTP) and server-everything as the legacy side. A
 * well-behaved modern server draws no modern.* finding; the eras and the logical calls are read
 * from the wire as they happened.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { modelOf } from '../../lib/model/session-model';
import type { Session } from '../sessions/session';
import { eraSessions } from '../sessions/modern-testing';
import { everythingServer, fixtureServer, waitFor } from '../sessions/test-support';
import { MODERN_EXPECTED_RULES } from '../../e2e/fixtures/servers/expected-rules';

const era = eraSessions('a');
const { open, httpFixture } = era;
afterEach(() => era.cleanup());

/** A tour of what a modern server offers: a listing, an MRTR call answered, a listen with an update. */
async function tour(s: Session): Promise<void> {
  await s.client!.list('tools');
  const listenId = s.client!.listen({ resourceSubscriptions: ['fixture://counter'] });
  await waitFor(() => s.client!.state().listens?.find((l) => l.status === 'open'), 10_000, 'the acknowledgement');
  await s.client!.call('tools/call', { name: 'bump_counter', arguments: {} }).done;
  await waitFor(() => s.client!.state().listens?.find((l) => l.count > 0), 10_000, 'the update');
  const { id, done } = s.client!.call('tools/call', { name: 'confirm_order', arguments: { item: 'tea' } });
  await waitFor(() => s.client!.state().calls.find((c) => c.id === id && c.awaitingInput), 10_000, 'the input request');
  s.client!.answerInput(id, {
    confirm: { action: 'accept', content: { quantity: 2 } },
    note: { role: 'assistant', content: { type: 'text', text: 'wrap' }, model: 'person', stopReason: 'endTurn' },
  });
  await done;
  s.client!.stopListen(listenId);
  await waitFor(() => s.client!.state().listens?.find((l) => l.status === 'closed'), 5000, 'closed');
}

const findings = (s: Session) =>
  modelOf(s.frames())
    .annotations.filter((a) => a.severity !== 'info')
    .map((a) => `${a.rule}: ${a.message}`);

describe('the modern analyser on real 2.x SDK servers', () => {
  it('stdio, modern-only: a modern server, one logical call of two rounds, a listen stream, no finding', async () => {
    const s = await open(fixtureServer('modern-only.mjs'), 'modern');
    await tour(s);
    const m = modelOf(s.frames());
    expect(m.eras.server).toBe('modern');
    expect(m.state.serverCapabilities).toMatchObject({ tools: {}, extensions: { 'io.modelcontextprotocol/tasks': {} } });
    const retry = m.calls.all.filter((c) => c.method === 'tools/call' && c.params && JSON.stringify(c.params).includes('requestState')).at(-1)!;
    expect(m.state.rounds.logicalCallOf(retry.seq)?.rounds).toHaveLength(2);
    expect(m.state.listens.all[0].ackSeq).toBeDefined();
    expect(findings(s)).toEqual([]);
  }, 60_000);

  it('Streamable HTTP, dual-era with auto: a dual-era server, headers that agree with the body, no finding', async () => {
    const s = await open(await httpFixture('dual-era'), 'auto');
    await tour(s);
    expect(modelOf(s.frames()).eras.server).toMatch(/modern|dual-era/);
    expect(findings(s)).toEqual([]);
  }, 60_000);

  it('auto against server-everything: the probe, the fallback, a legacy session judged as one', async () => {
    const s = await open(everythingServer(), 'auto');
    await s.client!.list('tools');
    const m = modelOf(s.frames());
    expect([m.eras.server, m.eras.current]).toEqual(['legacy', 'legacy']);
    expect(m.eras.changes.map((c) => c.era)).toEqual(['modern', 'legacy']);
    expect(m.annotations.filter((a) => a.group === 'modern' || a.group === 'lifecycle')).toEqual([]);
  }, 60_000);

  it.each(MODERN_EXPECTED_RULES)(
    '$name is caught as $rule, and nothing else above info',
    async ({ name, rule, script }) => {
      const s = await open(fixtureServer(`${name}.mjs`), 'modern');
      await s.client!.list('tools');
      for (const call of script ?? []) await s.client!.call(call.method, call.params).done;
      await waitFor(() => (modelOf(s.frames()).annotations.some((a) => a.rule === rule) ? true : undefined), 10_000, rule);
      expect(findings(s).map((f) => f.split(':')[0])).toEqual([rule]);
    },
    60_000,
  );
});
