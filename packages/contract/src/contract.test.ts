import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_TYPE,
  MESSAGES,
  ROUTES,
  api,
  apiLanguageOf,
  enUS,
  formatMessage,
  roleOf,
  routeAllows,
} from './index.js';

describe('roles', () => {
  it('maps account_type to roles and anything unknown to client (spec §3)', () => {
    expect(roleOf(ACCOUNT_TYPE.super)).toBe('super');
    expect(roleOf(10)).toBe('admin');
    expect(roleOf(3)).toBe('operator');
    expect(roleOf(2)).toBe('partner');
    expect(roleOf(1)).toBe('studio');
    for (const unknown of [0, 4, 9, 12, -1, null, undefined]) expect(roleOf(unknown)).toBe('client');
  });
});

describe('route table', () => {
  it('lists the main-layout routes and roles of spec §2 exactly', () => {
    // Routes whose paths the spec leaves to us (decision 009) are checked below instead.
    const ours = new Set<string>(['promotion', 'contacts', 'announcements', 'audit', 'waitlist', 'reports']);
    const table = Object.fromEntries(
      ROUTES.filter((route) => route.layout === 'main' && 'nav' in route && !ours.has(route.key)).map((route) => [route.path, route.roles]),
    );
    expect(table).toEqual({
      '/dashboard': '*',
      '/material': ['super', 'client'],
      '/clients': ['super', 'admin', 'partner', 'studio', 'operator'],
      '/learning': ['super', 'admin', 'partner', 'studio', 'operator'],
      '/video': ['super', 'admin', 'studio', 'operator'],
      '/agents': ['super', 'admin', 'partner'],
      '/finance': '*',
      '/account': ['super'],
      '/operator': ['partner'],
      '/content': ['super', 'admin'],
      '/pricing': ['super'],
      '/area': ['super', 'admin'],
      '/zone': ['super', 'admin'],
    });
  });

  it('keeps our own routes to their roles: call-backs for staff, the audit log for super, the plan screens public', () => {
    const byKey = (key: string) => ROUTES.find((route) => route.key === key)!;
    expect(byKey('contacts').roles).toEqual(['super', 'admin']);
    expect(byKey('promotion').roles).toEqual(['super', 'admin', 'partner', 'studio']);
    expect(byKey('announcements').roles).toEqual(['super', 'admin']);
    expect(byKey('waitlist').roles).toEqual(['super', 'admin']);
    // The audit log records what admins did too: super admins alone read it.
    expect(byKey('audit').roles).toEqual(['super']);
    expect(byKey('notifications')).toMatchObject({ roles: '*', layout: 'main' });
    for (const key of ['plans', 'plan']) expect(byKey(key)).toMatchObject({ public: true, layout: 'bare' });
  });

  it('gives /settle to clients, /partner to partners and /studio to studios only', () => {
    const byPath = (path: string) => ROUTES.find((route) => route.path === path)!;
    expect(routeAllows(byPath('/settle'), 'client')).toBe(true);
    expect(routeAllows(byPath('/settle'), 'studio')).toBe(false);
    expect(routeAllows(byPath('/partner'), 'partner')).toBe(true);
    expect(routeAllows(byPath('/studio'), 'studio')).toBe(true);
    expect(routeAllows(byPath('/studio'), 'super')).toBe(false);
  });

  it('has unique keys and paths', () => {
    expect(new Set(ROUTES.map((route) => route.key)).size).toBe(ROUTES.length);
    expect(new Set(ROUTES.map((route) => route.path)).size).toBe(ROUTES.length);
  });
});

describe('messages', () => {
  it('has every message in all three languages', () => {
    const keys = Object.keys(enUS).sort();
    for (const catalogue of Object.values(MESSAGES)) {
      expect(Object.keys(catalogue).sort()).toEqual(keys);
      for (const value of Object.values(catalogue)) expect(value.trim()).not.toBe('');
    }
  });

  it('keeps each language placeholders', () => {
    for (const [key, english] of Object.entries(enUS)) {
      const names = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
      expect(names(MESSAGES['zh-CN'][key as keyof typeof enUS]), key).toEqual(names(english));
      expect(names(MESSAGES['es-ES'][key as keyof typeof enUS]), key).toEqual(names(english));
    }
  });

  it('picks the language from Accept-Language and renders placeholders', () => {
    expect(apiLanguageOf('zh-CN,zh;q=0.9')).toBe('zh');
    expect(apiLanguageOf('es')).toBe('es');
    expect(apiLanguageOf('fr-FR')).toBe('en');
    expect(apiLanguageOf(undefined)).toBe('en');
    expect(formatMessage('es', 'auth.code_wait', { seconds: 42 })).toBe('Espera 42 segundos antes de pedir otro código');
    expect(formatMessage('en', 'not.a.key')).toBe('not.a.key');
  });

  it('uses the exact spec wording for the spec messages', () => {
    expect(enUS['auth.fill_required']).toBe('Please fill in all required fields');
    expect(enUS['auth.passwords_mismatch']).toBe('Passwords do not match');
    expect(enUS['profile.fill_complete']).toBe('Please fill in complete information');
    expect(enUS['profile.passwords_mismatch']).toBe('The two passwords do not match');
    expect(enUS['error.request_failed']).toBe('Request failed');
  });
});

describe('account schemas', () => {
  it('normalises email and checks the new password rules', () => {
    const parsed = api.account.sign.request.parse({
      username: ' Ana ',
      email: ' Ana@Example.COM ',
      password: 'abcdefg1',
      confirm_password: 'abcdefg1',
      code: '012345',
    });
    expect(parsed).toMatchObject({ username: 'Ana', email: 'ana@example.com', join_type: 'business', remember: false });
    const weak = api.account.sign.request.safeParse({ username: 'Ana', email: 'a@b.co', password: 'abcdefgh', confirm_password: 'abcdefgh', code: '012345' });
    expect(weak.error?.issues[0]?.message).toBe('auth.password_weak');
  });

  it('accepts US phone numbers in common spellings only', () => {
    const phone = (value: string) => api.account.update.request.safeParse({ phone: value });
    expect(phone('(310) 555-0101').data?.phone).toBe('3105550101');
    expect(phone('+1 310.555.0101').data?.phone).toBe('3105550101');
    expect(phone('555-0101').success).toBe(false);
    expect(phone('').data?.phone).toBe('');
  });
});
