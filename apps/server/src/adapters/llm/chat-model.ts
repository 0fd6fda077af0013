/**
 * What the production line asks of a language model: one chat completion whose answer is JSON.
 * The real one speaks the OpenAI-compatible chat completions API (openai-chat.ts); tests point it
 * at the local fake provider (fake-llm.ts). Prompts and what a reply must say are the creative
 * module's rules, not the adapter's: it hands back the model's content, or why there is none.
 */

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface ChatRequest {
  messages: ChatMessage[];
  /**
   * The JSON schema the answer must follow (structured outputs). Left out, the model is asked
   * for JSON only (JSON mode).
   */
  schema?: { name: string; schema: Record<string, unknown> };
}

export interface ChatCallOptions {
  signal?: AbortSignal;
  /** The largest answer read for this call; past it the connection is closed. */
  maxAnswerBytes?: number;
  /** Whether a 429 is waited out once (as long as it asks, up to the model's cap); false: it is a failure at once. */
  retryRateLimit?: boolean;
}

/**
 * The model's content (a Markdown fence some servers wrap JSON in taken off), or a failure:
 * `detail` says why in words fit for a note (never the provider's message, which may echo the
 * request), and `stop` says the same request would fail the same way, so a caller asks no more.
 */
export type ChatOutcome = { ok: true; content: string } | { ok: false; detail: string; stop: boolean };

export interface ChatModel {
  readonly kind: 'openai-compatible';
  /** The model asked, as configured (for logs and the start-up line). */
  readonly model: string;
  /** Never rejects for the model's failures (they are outcomes); rejects only when `signal` aborts. */
  complete(request: ChatRequest, options?: ChatCallOptions): Promise<ChatOutcome>;
}
