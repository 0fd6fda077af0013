import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Config } from '../../config.js';
import { spawnBound } from '../../lib/bound-child.js';
import { atExit } from '../../lib/exit-cleanup.js';

/** Where ffmpeg and ffprobe are (docs/decisions/027). */
export interface MediaTools {
  ffmpeg: string;
  ffprobe: string;
}

const require = createRequire(import.meta.url);

/**
 * The binaries: explicit paths first, then the system's (`MEDIA_BINARIES=system`, found on the
 * PATH), else the ones npm installed. The installer packages throw on a platform they have no
 * binary for, so they are loaded only when asked for, and their failure says what to do.
 */
export function resolveMediaTools(config: Pick<Config, 'MEDIA_BINARIES' | 'FFMPEG_PATH' | 'FFPROBE_PATH'>): MediaTools {
  const bundled = (name: 'ffmpeg' | 'ffprobe'): string => {
    if (config.MEDIA_BINARIES === 'system') return name;
    try {
      const installer = require(`@${name}-installer/${name}`) as { path: string };
      return executable(installer.path);
    } catch (error) {
      throw new Error(
        `No bundled ${name} for this platform (${String(error)}); set MEDIA_BINARIES=system with ${name} on the PATH, or ${name.toUpperCase()}_PATH`,
      );
    }
  };
  return { ffmpeg: config.FFMPEG_PATH ?? bundled('ffmpeg'), ffprobe: config.FFPROBE_PATH ?? bundled('ffprobe') };
}

/**
 * The installers' postinstall `chmod u+x` does not run where npm skips install scripts (npm 11
 * asks for them to be approved), and ffprobe's tarball is executable by its owner only: a
 * binary we may not run is made executable when we own it, or named in the error.
 */
function executable(binary: string): string {
  try {
    fs.accessSync(binary, fs.constants.X_OK);
  } catch {
    try {
      fs.chmodSync(binary, 0o755);
    } catch {
      throw new Error(`${binary} is not executable by this user: run \`chmod a+x ${binary}\` once`);
    }
  }
  return binary;
}

export class ToolError extends Error {
  constructor(
    message: string,
    readonly stderr: string,
    /** Killed for running past its time limit (not a verdict on the file). */
    readonly timedOut = false,
  ) {
    super(message);
    this.name = 'ToolError';
  }
}

/**
 * Runs a binary with arguments (never through a shell), collecting stdout and the end of
 * stderr; kills it when it takes longer than `timeoutMs` (a hostile file can make a decoder
 * crawl), or when this process exits first (lib/exit-cleanup.ts).
 */
export function run(binary: string, args: readonly string[], timeoutMs: number): Promise<string> {
  return runTool(binary, args, timeoutMs).then((outcome) => outcome.stdout);
}

/** As run(), also giving the end of stderr of a run that succeeded (what a decoder complained of). */
export function runTool(binary: string, args: readonly string[], timeoutMs: number): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawnBound(binary, args);
    const forget = atExit(() => child.kill('SIGKILL'));
    const out: Buffer[] = [];
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => {
      // Only the end matters (the error); ffmpeg's progress lines would otherwise pile up.
      err = (err + chunk.toString('utf8')).slice(-4000);
    });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.once('error', (error) => {
      forget();
      clearTimeout(timer);
      reject(new ToolError(`${binary} could not start: ${error.message}`, ''));
    });
    child.once('close', (code, signal) => {
      forget();
      clearTimeout(timer);
      if (code === 0) resolve({ stdout: Buffer.concat(out).toString('utf8'), stderr: err });
      else reject(new ToolError(`${binary} ended with ${signal ?? code}`, err, timedOut));
    });
  });
}

export interface ProbedStream {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  pix_fmt?: string;
  duration?: string;
  disposition?: { attached_pic?: number };
}

export interface Probe {
  streams: ProbedStream[];
  format: { format_name?: string; duration?: string };
}

export async function probe(tools: MediaTools, file: string): Promise<Probe> {
  const out = await run(tools.ffprobe, ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file], 60_000);
  const parsed = JSON.parse(out) as Partial<Probe>;
  return { streams: parsed.streams ?? [], format: parsed.format ?? {} };
}
