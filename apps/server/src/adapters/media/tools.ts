import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Config } from '../../config.js';

/** Where ffmpeg and ffprobe are (docs/decisions/027, 090). */
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

/** Which binaries a configuration runs, for the start-up line: set paths, the system's, or npm's. */
export function mediaToolsKind(config: Pick<Config, 'MEDIA_BINARIES' | 'FFMPEG_PATH' | 'FFPROBE_PATH'>): 'paths' | 'system' | 'bundled' {
  if (config.FFMPEG_PATH ?? config.FFPROBE_PATH) return 'paths';
  return config.MEDIA_BINARIES === 'system' ? 'system' : 'bundled';
}
