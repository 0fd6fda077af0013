import { AUDIT_ACTIONS, AUDIT_TARGETS, type AuditEntry } from '@nearcast/contract';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import enUS from '../../../locales/en-US/audit.json';
import esES from '../../../locales/es-ES/audit.json';
import zhCN from '../../../locales/zh-CN/audit.json';
import { changesOf, targetText, valueText } from './audit-display';

describe('an audit entry as staff read it', () => {
  it('lists the changed fields first, then the ones that stayed, each with both values', () => {
    const changes = changesOf({ before: { name: 'Gold', actual_price_cents: 89_000, tag: 'Popular' }, after: { name: 'Gold', actual_price_cents: 79_000, tag: 'Popular', features: ['HD'] } });
    expect(changes).toEqual([
      { field: 'actual_price_cents', before: 89_000, after: 79_000, changed: true },
      { field: 'features', before: undefined, after: ['HD'], changed: true },
      { field: 'name', before: 'Gold', after: 'Gold', changed: false },
      { field: 'tag', before: 'Popular', after: 'Popular', changed: false },
    ]);
  });

  it('marks every value of a creation or a removal as changed', () => {
    expect(changesOf({ before: null, after: { name: 'Gold' } })).toEqual([{ field: 'name', before: undefined, after: 'Gold', changed: true }]);
    expect(changesOf({ before: { name: 'Gold' }, after: null })).toEqual([{ field: 'name', before: 'Gold', after: undefined, changed: true }]);
  });

  it('names the target by its kind and label, or its id alone', async () => {
    const t = i18next.createInstance();
    await t.init({ lng: 'es-ES', resources: { 'es-ES': { audit: esES } }, defaultNS: 'audit' });
    const entry = { target_type: 'price', target_id: '7', target_label: 'Oro' } as AuditEntry;
    expect(targetText(t.t, entry)).toBe('Paquete · Oro (#7)');
    expect(targetText(t.t, { ...entry, target_label: null })).toBe('Paquete #7');
    expect(valueText(null)).toBe('—');
    expect(valueText({ a: 1 })).toBe('{"a":1}');
  });

  it('has words for every action and every kind of target in the three languages', () => {
    for (const catalogue of [enUS, zhCN, esES]) {
      expect(Object.keys(catalogue.actions).sort()).toEqual([...AUDIT_ACTIONS].sort());
      expect(Object.keys(catalogue.targets).sort()).toEqual([...AUDIT_TARGETS].sort());
    }
  });
});
