import type { OperatorSummary } from '@nearcast/contract';
import { describe, expect, it } from 'vitest';
import { operatorPatch } from './operator-patch';

const operator: OperatorSummary = {
  id: 7,
  name: 'Olga Ops',
  nickname: 'Olga',
  email: 'olga@example.com',
  wechat: '',
  status: 'normal',
  merchant_count: 2,
  agent_id: 3,
  create_time: '2026-01-01T00:00:00.000Z',
  login_time: null,
};

describe('operatorPatch', () => {
  it('sends nothing when nothing changed, whatever the spacing or the email case', () => {
    expect(operatorPatch(operator, { nickname: ' Olga ', email: 'OLGA@example.com', wechat: '', password: '' })).toEqual({});
  });

  it('sends only the changed fields, trimmed', () => {
    expect(operatorPatch(operator, { nickname: 'Olga B ', email: 'olga@example.com', wechat: 'olga_wx1', password: '' })).toEqual({
      nickname: 'Olga B',
      wechat: 'olga_wx1',
    });
  });

  it('sends a typed password and a cleared WeChat', () => {
    const withWechat = { ...operator, wechat: 'olga_wx1' };
    expect(operatorPatch(withWechat, { nickname: 'Olga', email: 'olga@example.com', wechat: '', password: 'newpass123' })).toEqual({
      wechat: '',
      password: 'newpass123',
    });
  });
});
