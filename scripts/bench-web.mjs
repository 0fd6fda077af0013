#!/usr/bin/env node
/**
 * Weighs the web app's first loads (npm run bench:web): builds apps/web, then follows the Vite
 * manifest from the entry through every static import, adding the lazy chunks a route needs
 * before it can paint, and prints the gzip size of that JS and CSS against a budget.
 * Exits 1 when a budget is exceeded.
 */
import { execSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// BENCH_WEB_DIST weighs a build made elsewhere (with --no-build).
const dist = process.env.BENCH_WEB_DIST ?? join(root, 'apps/web/dist');
const KB = 1024;

/** What each measured first load needs besides the entry, as manifest keys (source paths). */
const SCENARIOS = [
  {
    name: 'landing /',
    page: 'landing',
    budgetKb: 200,
    chunks: ['src/features/home/pages/home-page.tsx', 'src/locales/en-US/common.json', 'src/locales/en-US/home.json'],
  },
  {
    // A shared link opened on a phone: drawn without the antd shell, like the landing page.
    name: 'public /item/:id',
    page: 'shell',
    budgetKb: 200,
    chunks: ['src/features/item/pages/item-page.tsx', 'src/locales/en-US/common.json', 'src/locales/en-US/item.json'],
  },
  {
    name: 'signed-in /dashboard',
    page: 'shell',
    budgetKb: 400,
    chunks: [
      // The antd shell: theme, locale, query client and toasts around every signed-in page.
      'src/app/providers.tsx',
      'src/app/layouts/main-layout.tsx',
      'src/features/dashboard/pages/dashboard-page.tsx',
      // The guard verifies the session on every signed-in navigation.
      'src/api/account-detail.ts',
      'src/locales/en-US/common.json',
      'src/locales/en-US/dashboard.json',
    ],
  },
];

if (!process.argv.includes('--no-build')) {
  execSync('npm run build -w @nearcast/web', { cwd: root, stdio: 'inherit' });
}

const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
// `/` is answered with the prerendered landing page (index.html), every other route with the
// empty shell (shell.html; absent in builds that do not prerender).
const landingHtml = readFileSync(join(dist, 'index.html'), 'utf8');
const shellHtml = existsSync(join(dist, 'shell.html')) ? readFileSync(join(dist, 'shell.html'), 'utf8') : landingHtml;

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) throw new Error('No entry in the Vite manifest');

// The page may reference assets the manifest does not list as imports (modulepreload, CSS).
const htmlAssets = (html) => [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);

const gzipCache = new Map();
function gzipSize(file) {
  if (!gzipCache.has(file)) gzipCache.set(file, gzipSync(readFileSync(join(dist, file)), { level: 9 }).length);
  return gzipCache.get(file);
}

/**
 * A source path's manifest key. A dynamic entry that also hosts code shared with its own lazy
 * children is keyed by its chunk name ("_home-page-<hash>.js") instead of its source path.
 */
function keyOf(source) {
  if (manifest[source]) return source;
  const name = source.split('/').pop().replace(/\.[^.]+$/, '');
  const found = Object.keys(manifest).filter((key) => manifest[key].isDynamicEntry && !manifest[key].src && manifest[key].name === name);
  if (found.length !== 1) throw new Error(`Not in the manifest: ${source} (did a file move?)`);
  return found[0];
}

/** The files a manifest chunk needs before it can run: itself, its CSS and its static imports. */
function collect(key, files, seen = new Set()) {
  if (seen.has(key)) return;
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk) throw new Error(`Not in the manifest: ${key}`);
  files.add(chunk.file);
  for (const css of chunk.css ?? []) files.add(css);
  for (const imported of chunk.imports ?? []) collect(imported, files, seen);
}

let failed = false;
const rows = [];
for (const scenario of SCENARIOS) {
  const files = new Set(htmlAssets(scenario.page === 'landing' ? landingHtml : shellHtml));
  const seen = new Set();
  collect(entryKey, files, seen);
  for (const source of scenario.chunks) collect(keyOf(source), files, seen);
  let js = 0;
  let css = 0;
  for (const file of files) {
    if (file.endsWith('.css')) css += gzipSize(file);
    else if (file.endsWith('.js')) js += gzipSize(file);
  }
  const total = js + css;
  const over = total > scenario.budgetKb * KB;
  failed ||= over;
  rows.push({
    'first load': scenario.name,
    files: files.size,
    'JS gzip KB': (js / KB).toFixed(1),
    'CSS gzip KB': (css / KB).toFixed(1),
    'total KB': (total / KB).toFixed(1),
    'budget KB': scenario.budgetKb,
    result: over ? 'OVER' : 'ok',
  });
  if (process.argv.includes('--verbose')) {
    console.log(`\n${scenario.name}`);
    for (const file of [...files].sort((a, b) => gzipSize(b) - gzipSize(a))) {
      console.log(`  ${(gzipSize(file) / KB).toFixed(1).padStart(7)} KB  ${file}`);
    }
  }
}

console.table(rows);
if (failed) {
  console.error('A first load is over its budget.');
  process.exit(1);
}
