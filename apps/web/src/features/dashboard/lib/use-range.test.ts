import { DASHBOARD_RANGES } from '@nearcast/contract';
import { describe, expect, it } from 'vitest';
import enUS from '../../../locales/en-US/dashboard.json';
import esES from '../../../locales/es-ES/dashboard.json';
import zhCN from '../../../locales/zh-CN/dashboard.json';
import { parseRange, rangeLabelKey } from './use-range';

const label = (catalogue: { range: Record<string, string> }, key: string) => catalogue.range[key.replace(/^range\./, '')];

describe('dashboard ranges', () => {
  it('never offers a merchant the "whole network": its longest range is its own history', () => {
    expect(rangeLabelKey('all', 'client')).toBe('range.all_own');
    for (const catalogue of [enUS, zhCN, esES]) {
      expect(label(catalogue, rangeLabelKey('all', 'client'))).toBeTruthy();
      expect(label(catalogue, rangeLabelKey('all', 'client'))).not.toBe(catalogue.range.all);
    }
    expect(label(enUS, rangeLabelKey('all', 'client'))).toBe('All time');
  });

  it('keeps the spec’s "whole network" for those who run one, and the other ranges for everyone', () => {
    for (const scope of ['platform', 'agent', 'sub_agent'] as const) expect(rangeLabelKey('all', scope)).toBe('range.all');
    for (const range of DASHBOARD_RANGES.filter((value) => value !== 'all')) expect(rangeLabelKey(range, 'client')).toBe(`range.${range}`);
  });

  it('reads an unknown range from the address as the default week', () => {
    expect(parseRange('all')).toBe('all');
    expect(parseRange('forever')).toBe('7d');
  });
});
