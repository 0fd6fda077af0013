import { LANGUAGES, ROUTES } from '@nearcast/contract';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));
const namespaces = readdirSync(join(here, 'en-US')).filter((file) => file.endsWith('.json'));

type Tree = { [key: string]: Tree | string | Tree[] | string[] };

function flatten(tree: unknown, prefix = '', out = new Map<string, string>()): Map<string, string> {
  if (typeof tree === 'string') out.set(prefix, tree);
  else if (Array.isArray(tree)) tree.forEach((item, index) => flatten(item, `${prefix}[${index}]`, out));
  else if (tree && typeof tree === 'object') {
    for (const [key, value] of Object.entries(tree as Tree)) flatten(value, prefix ? `${prefix}.${key}` : key, out);
  }
  return out;
}

function load(language: string, file: string): Map<string, string> {
  return flatten(JSON.parse(readFileSync(join(here, language, file), 'utf8')));
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe.each(namespaces)('catalogue %s', (file) => {
  const english = load('en-US', file);

  it.each(LANGUAGES.filter((language) => language !== 'en-US'))('%s has exactly the same keys as en-US', (language) => {
    const other = load(language, file);
    expect([...other.keys()].sort()).toEqual([...english.keys()].sort());
  });

  it.each([...LANGUAGES])('%s has no empty text and keeps every placeholder', (language) => {
    const catalogue = load(language, file);
    for (const [key, text] of catalogue) {
      expect(text.trim(), `${language}/${file} ${key}`).not.toBe('');
      expect(placeholders(text), `${language}/${file} ${key}`).toEqual(placeholders(english.get(key) ?? ''));
    }
  });

  it.each(LANGUAGES.filter((language) => language !== 'en-US'))('%s is translated, not copied', (language) => {
    const other = load(language, file);
    const same = [...english].filter(([key, text]) => other.get(key) === text && /[a-z]{4,}/.test(text));
    // Brand and platform names may stay as they are; whole sentences may not.
    expect(same.length / english.size, same.map(([key]) => key).join(', ')).toBeLessThan(0.1);
  });
});

describe('route titles', () => {
  it.each([...LANGUAGES])('%s names every route of the table', (language) => {
    const common = load(language, 'common.json');
    for (const route of ROUTES) expect(common.get(`routes.${route.key}`), route.key).toBeTruthy();
  });

  it.each([...LANGUAGES])('%s describes every navigation entry on the dashboard', (language) => {
    const dashboard = load(language, 'dashboard.json');
    // The dashboard links to every navigation entry but itself.
    for (const route of ROUTES.filter((entry) => 'nav' in entry && entry.nav && entry.key !== 'dashboard')) {
      expect(dashboard.get(`links.items.${route.key}`), route.key).toBeTruthy();
    }
  });
});
