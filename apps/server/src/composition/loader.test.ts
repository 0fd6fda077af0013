import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { AccountService } from '../modules/account/service.js';
import { defineModule, type AnyModule, type Core } from '../modules/module-definition.js';
import { createTestApp } from '../test/harness.js';
import { jobDefinitions } from './jobs.js';
import { loadModules, ModuleGraphError, orderModules } from './loader.js';
import { MODULES } from './modules.js';

/** A module providing `provides` and needing `needs` (and `ports`), building plain values. */
const stub = (name: string, provides: string[], needs: string[] = [], ports: string[] = []): AnyModule => ({
  name,
  schemas: [],
  provides,
  needs,
  ports,
  build: () => Object.fromEntries(provides.map((key) => [key, { from: name }])),
});
const namesOf = (modules: AnyModule[]) => modules.map((module) => module.name);
const core = {} as Core;

describe('the module loader', () => {
  it('builds each module after the modules it needs, keeping the order of the list otherwise', () => {
    const order = orderModules([stub('report', ['reports'], ['video', 'payments']), stub('video', ['video'], ['payments']), stub('audit', ['audit']), stub('payment', ['payments'])]);
    expect(namesOf(order)).toEqual(['payment', 'video', 'report', 'audit']);
  });

  it('refuses modules that need each other in a circle, naming it', () => {
    const circle = [stub('finance', ['finance'], ['payments']), stub('payment', ['payments'], ['finance'])];
    expect(() => orderModules(circle)).toThrow(ModuleGraphError);
    expect(() => orderModules(circle)).toThrow('finance -> payment -> finance');
  });

  it('accepts the same pair when one side reads the other through a port, read when called', () => {
    const finance = defineModule<{ payments: { pay(): string } }>()({
      name: 'finance',
      schemas: [],
      provides: ['finance'],
      needs: [],
      ports: ['payments'],
      build: (_core, needs) => ({ finance: { refund: () => `refund after ${needs.payments.pay()}` } }),
    });
    const payment = defineModule<{ finance: { refund(): string } }>()({
      name: 'payment',
      schemas: [],
      provides: ['payments'],
      needs: ['finance'],
      build: () => ({ payments: { pay: () => 'paid' } }),
    });
    const loaded = loadModules([finance, payment], core);
    expect(loaded.order).toEqual(['finance', 'payment']);
    expect((loaded.services.finance as { refund(): string }).refund()).toBe('refund after paid');
  });

  it('refuses a port read while its reader is being built', () => {
    const eager = defineModule<{ payments: object }>()({ name: 'finance', schemas: [], provides: ['finance'], needs: [], ports: ['payments'], build: (_core, needs) => ({ finance: { ...needs.payments } }) });
    expect(() => loadModules([eager, stub('payment', ['payments'], ['finance'])], core)).toThrow('finance read its port "payments" while being built');
  });

  it('refuses a need no module provides, a name provided twice, and a build that gives other names than declared', () => {
    expect(() => orderModules([stub('video', ['video'], ['storage2'])])).toThrow('video needs "storage2", which no module provides');
    expect(() => orderModules([stub('a', ['x']), stub('b', ['x'])])).toThrow('"x" is provided by both a and b');
    const liar: AnyModule = { ...stub('liar', ['one']), build: () => ({ one: 1, two: 2 }) };
    expect(() => loadModules([liar], core)).toThrow('liar declares that it provides [one] but built [one, two]');
  });

  it("orders the server's own modules with every module after what it needs", () => {
    const order = namesOf(orderModules(MODULES));
    const at = (name: string) => order.indexOf(name);
    const providerOf = new Map(MODULES.flatMap((module) => module.provides.map((name) => [name, module.name] as const)));
    for (const module of MODULES) {
      for (const need of module.needs) expect(at(providerOf.get(need)!), `${module.name} needs ${need}`).toBeLessThan(at(module.name));
    }
    expect(order).toHaveLength(MODULES.length);
  });
});

describe('a module added to the list', () => {
  it('is built on the others, and serves its routes, jobs and subscribers', async () => {
    let created = 0;
    const throwaway = defineModule<{ accounts: AccountService }>()({
      name: 'throwaway',
      schemas: [],
      provides: ['greeter'],
      needs: ['accounts'],
      build: (_core, { accounts }) => ({ greeter: { hello: async (id: number) => `hello ${(await accounts.findById(id))?.username ?? 'nobody'}` } }),
      routes: [
        async (app) => {
          app.post('/api/v1/throwaway/hello', async () => ({ code: '200', msg: 'ok', data: 'hello' }));
        },
      ],
      jobs: () => [{ name: 'throwaway.tick', schedule: '0 * * * *', handler: async () => {} }],
      subscribers: () => [{ name: 'throwaway.counter', handlers: { 'account.created': async () => void (created += 1) } }],
    });
    const t = await createTestApp({ modules: [...MODULES, throwaway] });
    try {
      const greeter = t.app.services.modules.services.greeter as { hello(id: number): Promise<string> };
      const [studio] = await t.query<{ id: number }>(sql`select id from accounts where email = 'studio@example.com'`);
      expect(await greeter.hello(studio!.id)).toMatch(/^hello \S+/);
      const answer = await t.app.inject({ method: 'POST', url: '/api/v1/throwaway/hello' });
      expect([answer.statusCode, answer.json().data]).toEqual([200, 'hello']);
      expect(jobDefinitions(t.app.services, t.app.log as FastifyBaseLogger).map((job) => job.name)).toContain('throwaway.tick');
      expect(await t.app.services.events.replay('throwaway.counter')).toBeGreaterThan(0);
      expect(created).toBeGreaterThan(0);
      expect(t.app.services.modules.order.at(-1)).toBe('throwaway');
    } finally {
      await t.close();
    }
  });
});
