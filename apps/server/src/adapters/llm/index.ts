import type { Config } from '../../config.js';
import type { ChatModel } from './chat-model.js';
import { createOpenAiChat } from './openai-chat.js';

/**
 * The language-model adapter (docs/decisions/049, 090): an OpenAI-compatible chat model when
 * LLM_BASE_URL and LLM_MODEL are set, else none (the script templates write alone and briefs are
 * not translated). The local fake of the provider, for tests and a model-less demo, is fake-llm.ts.
 */
export type { ChatCallOptions, ChatMessage, ChatModel, ChatOutcome, ChatRequest } from './chat-model.js';
export { createOpenAiChat, type OpenAiChatSettings } from './openai-chat.js';

export type LlmConfig = Pick<Config, 'LLM_BASE_URL' | 'LLM_API_KEY' | 'LLM_MODEL' | 'LLM_TIMEOUT_SECONDS'> & Partial<Pick<Config, 'LLM_MAX_ANSWER_BYTES'>>;

export function createChatModel(config: LlmConfig, options: { fetch?: typeof fetch; retryAfterMaxSeconds?: number } = {}): ChatModel | null {
  if (!config.LLM_BASE_URL || !config.LLM_MODEL) return null;
  return createOpenAiChat({
    baseUrl: config.LLM_BASE_URL,
    apiKey: config.LLM_API_KEY,
    model: config.LLM_MODEL,
    timeoutSeconds: config.LLM_TIMEOUT_SECONDS,
    ...(config.LLM_MAX_ANSWER_BYTES ? { maxAnswerBytes: config.LLM_MAX_ANSWER_BYTES } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.retryAfterMaxSeconds !== undefined ? { retryAfterMaxSeconds: options.retryAfterMaxSeconds } : {}),
  });
}

/** What writes the scripts, for the start-up line: the model's name, or the templates alone. */
export function llmKind(config: Pick<Config, 'LLM_BASE_URL' | 'LLM_MODEL'>): string {
  return config.LLM_BASE_URL && config.LLM_MODEL ? `openai-compatible (${config.LLM_MODEL})` : 'none (templates)';
}
