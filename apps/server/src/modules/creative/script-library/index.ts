import type { ScriptLanguage } from '@nearcast/contract';
import { enUs } from './en-us.js';
import { esEs } from './es-es.js';
import type { LanguageScripts } from './library-types.js';
import { zhCn } from './zh-cn.js';

export * from './library-types.js';

/** Every language's library, written in that language (library-types.ts says what one holds). */
export const SCRIPT_LIBRARIES: Record<ScriptLanguage, LanguageScripts> = { en: enUs, es: esEs, zh: zhCn };
