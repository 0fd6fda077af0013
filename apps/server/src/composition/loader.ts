import type { FastifyBaseLogger } from 'fastify';
import type { AnyJob } from '../jobs/queue.js';
import type { Subscriber } from '../modules/events/service.js';
import type { AnyModule, Core, RoutePlugin } from '../modules/module-definition.js';

/** A list of modules that cannot be built: a need no module provides, a name provided twice, a cycle. */
export class ModuleGraphError extends Error {
  override name = 'ModuleGraphError';
}

/** What the loader made of the list: the services by name and everything each module registers. */
export interface LoadedModules {
  /** The modules' names in the order they were built. */
  order: readonly string[];
  services: Record<string, unknown>;
  routes: readonly RoutePlugin[];
  subscribers: readonly Subscriber[];
  jobs(log: FastifyBaseLogger): AnyJob[];
  close(): Promise<void>;
}

/**
 * Orders modules so that each comes after every module it needs. Ties keep the list's order, so
 * the order is the same on every start. A need that runs in a circle is refused, naming the
 * circle: one of its needs must become a port (read when called, after every module is built).
 */
export function orderModules(modules: readonly AnyModule[]): AnyModule[] {
  const providerOf = new Map<string, AnyModule>();
  const names = new Set<string>();
  for (const module of modules) {
    if (names.has(module.name)) throw new ModuleGraphError(`two modules are named "${module.name}"`);
    names.add(module.name);
    for (const name of module.provides) {
      const other = providerOf.get(name);
      if (other) throw new ModuleGraphError(`"${name}" is provided by both ${other.name} and ${module.name}`);
      providerOf.set(name, module);
    }
  }
  for (const module of modules) {
    for (const name of [...module.needs, ...(module.ports ?? [])]) {
      if (!providerOf.has(name)) throw new ModuleGraphError(`${module.name} needs "${name}", which no module provides`);
    }
  }

  const ordered: AnyModule[] = [];
  const done = new Set<AnyModule>();
  const visit = (module: AnyModule, path: readonly AnyModule[]): void => {
    if (done.has(module)) return;
    const at = path.indexOf(module);
    if (at >= 0) {
      const circle = [...path.slice(at), module].map((m) => m.name).join(' -> ');
      throw new ModuleGraphError(`modules need each other in a circle (${circle}): declare one of these needs as a port`);
    }
    for (const name of module.needs) {
      const provider = providerOf.get(name)!;
      if (provider !== module) visit(provider, [...path, module]);
    }
    done.add(module);
    ordered.push(module);
  };
  for (const module of modules) visit(module, []);
  return ordered;
}

/** An object whose properties read the named services when read, so a port built later is seen. */
function viewOf(services: Record<string, unknown>, names: readonly string[], reader: string): Record<string, unknown> {
  const view: Record<string, unknown> = {};
  for (const name of names) {
    Object.defineProperty(view, name, {
      enumerable: true,
      get: () => {
        if (!(name in services)) throw new ModuleGraphError(`${reader} read its port "${name}" while being built: read a port when called`);
        return services[name];
      },
    });
  }
  return view;
}

/** Builds every module in its order and gathers what each registers. */
export function loadModules(modules: readonly AnyModule[], core: Core): LoadedModules {
  const order = orderModules(modules);
  const services: Record<string, unknown> = { ...core };
  const scopes = new Map<AnyModule, Record<string, unknown>>();
  for (const module of order) {
    const needs = [...module.needs, ...(module.ports ?? [])];
    const provided = module.build(core, viewOf(services, needs, module.name)) as Record<string, unknown>;
    const given = Object.keys(provided).sort();
    const declared = [...module.provides].sort();
    if (given.join() !== declared.join()) {
      throw new ModuleGraphError(`${module.name} declares that it provides [${declared.join(', ')}] but built [${given.join(', ')}]`);
    }
    Object.assign(services, provided);
    scopes.set(module, viewOf(services, [...needs, ...module.provides], module.name));
  }
  const scopeOf = (module: AnyModule) => scopes.get(module)!;
  return {
    order: order.map((module) => module.name),
    services,
    routes: order.flatMap((module) => module.routes ?? []),
    subscribers: order.flatMap((module) => module.subscribers?.(scopeOf(module)) ?? []),
    jobs: (log) => order.flatMap((module) => module.jobs?.(scopeOf(module), { ...core, log }) ?? []),
    close: async () => {
      for (const module of [...order].reverse()) await module.close?.(scopeOf(module));
    },
  };
}
