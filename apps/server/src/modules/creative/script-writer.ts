import { createChatModel, type LlmConfig } from '../../adapters/llm/index.js';
import { createLlmScriptWriter } from './llm-script-writer.js';
import type { ScriptLog, ScriptWriter } from './script-writing.js';
import { createTemplateScriptWriter } from './template-script-writer.js';

/**
 * Writing scripts (docs/decisions/049): one interface (script-writing.ts), two engines. The
 * templates are the embedded default and always work offline; a language model (the
 * language-model adapter, adapters/llm) writes them when LLM_BASE_URL and LLM_MODEL are set, and
 * the templates stand in for every script the model fails to write, saying why.
 */

export function createScriptWriter(config: LlmConfig, options: { fetch?: typeof fetch; retryAfterMaxSeconds?: number; log?: ScriptLog } = {}): ScriptWriter {
  const model = createChatModel(config, options);
  if (!model) return createTemplateScriptWriter(options.log);
  return createLlmScriptWriter(model, options.log ? { log: options.log } : {});
}
