import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type Manifest, type Plugin, type ResolvedConfig } from 'vite';

/** The page React renders at build time, and where its result goes. */
const ENTRY = 'src/prerender.tsx';
/** What `/` is answered with: index.html with the landing page drawn inside #root. */
const LANDING = 'index.html';
/** The empty page every other route boots from (apps/server/src/plugins/spa.ts). */
const SHELL = 'shell.html';
/** The chunks the landing page renders from, besides the entry: its page and catalogues. */
const LANDING_CHUNKS = ['src/features/home/pages/home-page.tsx', 'src/locales/en-US/common.json', 'src/locales/en-US/home.json'];

interface Prerendered {
  html: string;
  title: string;
  language: string;
}

/**
 * A manifest key for a source file. A dynamic entry that also hosts code shared with its own
 * lazy children is keyed by its chunk name instead of its path (scripts/bench-web.mjs too).
 */
function keyOf(manifest: Manifest, source: string): string {
  if (manifest[source]) return source;
  const name = path.basename(source).replace(/\.[^.]+$/, '');
  const found = Object.keys(manifest).filter((key) => manifest[key]?.isDynamicEntry && !manifest[key]?.src && manifest[key]?.name === name);
  if (found.length !== 1 || !found[0]) throw new Error(`prerender: ${source} is not in the Vite manifest`);
  return found[0];
}

/** The JS and CSS files a chunk needs before it runs: itself and its static imports. */
function filesOf(manifest: Manifest, key: string, files: { js: Set<string>; css: Set<string> }, seen = new Set<string>()): void {
  if (seen.has(key)) return;
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk) throw new Error(`prerender: ${key} is not in the Vite manifest`);
  if (chunk.file.endsWith('.js')) files.js.add(chunk.file);
  for (const css of chunk.css ?? []) files.css.add(css);
  for (const imported of chunk.imports ?? []) filesOf(manifest, imported, files, seen);
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Prerenders the landing page after the client build: renders src/prerender.tsx (built for
 * Node by a second, SSR build of the same sources) into index.html's #root, with the landing
 * chunk's styles linked so the page is drawn before any JavaScript has arrived, and its
 * scripts preloaded so hydration follows quickly. The untouched page is kept as shell.html.
 */
export function prerenderLanding(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'nearcast:prerender-landing',
    apply: 'build',
    enforce: 'post',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      if (config.build.ssr) return;
      const outDir = path.resolve(config.root, config.build.outDir);
      const ssrDir = path.join(config.root, 'node_modules', `.prerender-${process.pid}`);
      try {
        await build({
          configFile: false,
          root: config.root,
          mode: config.mode,
          logLevel: 'warn',
          plugins: [react()],
          build: { ssr: ENTRY, outDir: ssrDir, emptyOutDir: true, minify: false, copyPublicDir: false },
        });
        const entry = path.join(ssrDir, `${path.basename(ENTRY).replace(/\.tsx?$/, '')}.js`);
        const { renderLanding } = (await import(pathToFileURL(entry).href)) as { renderLanding: () => Promise<Prerendered> };
        const landing = await renderLanding();

        const manifest = JSON.parse(await fs.readFile(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
        const files = { js: new Set<string>(), css: new Set<string>() };
        for (const source of LANDING_CHUNKS) filesOf(manifest, keyOf(manifest, source), files);

        const shell = await fs.readFile(path.join(outDir, LANDING), 'utf8');
        const head = [
          ...[...files.css].filter((file) => !shell.includes(`/${file}"`)).map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
          ...[...files.js].filter((file) => !shell.includes(`/${file}"`)).map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
        ].join('\n    ');
        const root = '<div id="root"></div>';
        if (!shell.includes(root) || !shell.includes('</head>')) throw new Error(`prerender: ${LANDING} has no empty ${root}`);
        // Function replacements: the landing's text (prices in dollars among it) must never be
        // read as `$&`, `$\`` or `$'` patterns of a replacement string.
        const page = shell
          .replace(/<html lang="[^"]*"/, () => `<html lang="${landing.language}"`)
          .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(landing.title)}</title>`)
          .replace('</head>', () => `  ${head}\n  </head>`)
          .replace(root, () => `<div id="root" data-prerendered="${landing.language}">${landing.html}</div>`);
        await fs.writeFile(path.join(outDir, SHELL), shell);
        await fs.writeFile(path.join(outDir, LANDING), page);
        config.logger.info(`prerendered / into ${LANDING} (${(page.length / 1024).toFixed(1)} kB); empty shell in ${SHELL}`);
      } finally {
        await fs.rm(ssrDir, { recursive: true, force: true });
      }
    },
  };
}
