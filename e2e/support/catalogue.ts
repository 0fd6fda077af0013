import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const locales = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/web/src/locales');

/**
 * One message catalogue of the web app in one language (`apps/web/src/locales/<language>/<namespace>.json`),
 * so a journey step finds the words its user reads. A dotted key reaches into nested entries; with
 * `values`, `{{name}}` placeholders are filled as i18next would; without, the text is given as written.
 * A key the catalogue lacks fails the step at once, naming it.
 */
export function catalogue(language: string, namespace: string): (key: string, values?: Record<string, string | number>) => string {
  const entries = JSON.parse(fs.readFileSync(path.join(locales, language, `${namespace}.json`), 'utf8')) as Record<string, unknown>;
  return (key, values) => {
    const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], entries);
    if (typeof value !== 'string') throw new Error(`no ${language} text for ${namespace}:${key}`);
    return values ? value.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? '')) : value;
  };
}
