import type { Config } from '../../config.js';
import { createLlmScriptWriter } from './llm-script-writer.js';
import type { ScriptLog, ScriptWriter } from './script-writing.js';
import { createTemplateScriptWriter } from './template-script-writer.js';

/**
 * Writing scripts (docs/decisions/049): one interface (script-writing.ts), two engines. The
 * templates are the embedded default and always work offline; a language model over the
 * OpenAI-compatible chat completions API writes them when LLM_BASE_URL and LLM_MODEL are set, and
 * the templates stand in for every script the model fails to write, saying why.
 */

export function createScriptWriter(
  config: Pick<Config, 'LLM_BASE_URL' | 'LLM_API_KEY' | 'LLM_MODEL' | 'LLM_TIMEOUT_SECONDS'> & Partial<Pick<Config, 'LLM_MAX_ANSWER_BYTES'>>,
  options: { fetch?: typeof fetch; log?: ScriptLog } = {},
): ScriptWriter {
  if (!config.LLM_BASE_URL || !config.LLM_MODEL) return createTemplateScriptWriter(options.log);
  return createLlmScriptWriter(
    {
      baseUrl: config.LLM_BASE_URL,
      apiKey: config.LLM_API_KEY,
      model: config.LLM_MODEL,
      timeoutSeconds: config.LLM_TIMEOUT_SECONDS,
      ...(config.LLM_MAX_ANSWER_BYTES ? { maxAnswerBytes: config.LLM_MAX_ANSWER_BYTES } : {}),
    },
    options,
  );
}
