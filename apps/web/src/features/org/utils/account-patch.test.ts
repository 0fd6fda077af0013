import { describe, expect, it } from 'vitest';
import { accountPatch } from './account-patch';

const account = {
  username: 'newclient',
  name: 'Nina Newclient',
  phone: '',
  wechat: '',
  company_short_name: '',
  company_full_name: '',
  sale_name: '',
  sale_email: '',
  sale_uid: '',
  status: 'normal' as const,
};

describe('accountPatch', () => {
  it('is empty when nothing changed', () => {
    expect(accountPatch(account, { ...account, password: '' })).toEqual({});
  });

  it('ignores changes of surrounding spaces only', () => {
    expect(accountPatch(account, { name: ' Nina Newclient ' })).toEqual({});
  });

  it('carries changed fields, a new status and a new password', () => {
    expect(accountPatch(account, { ...account, name: 'Nina N.', sale_uid: 'S-1', status: 'disabled', password: 'Secret123' })).toEqual({
      name: 'Nina N.',
      sale_uid: 'S-1',
      status: 'disabled',
      password: 'Secret123',
    });
  });

  it('lets a field be emptied', () => {
    expect(accountPatch({ ...account, wechat: 'nina_wx' }, { wechat: '' })).toEqual({ wechat: '' });
  });
});
