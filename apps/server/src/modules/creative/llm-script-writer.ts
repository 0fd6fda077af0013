import { storedMessage } from '@nearcast/contract';
import type { ChatModel } from '../../adapters/llm/index.js';
import { removedNote } from './script-guard.js';
import { offersAvoided, scriptFingerprint, warnUnsafeBrief, type ScriptLog, type ScriptRequest, type ScriptWriter, type WrittenScript } from './script-writing.js';
import { planScripts, type ScriptPlan } from './script-structures.js';
import { writeTemplateScript } from './template-script-writer.js';
import { plainDetail } from './tool-output.js';
import { failure, readScript, scriptJsonSchema, type Attempt } from './llm-script-reply.js';
import { promptMessages } from './llm-script-prompts.js';

/**
 * The language-model engine: one chat completion per script from the language-model adapter
 * (adapters/llm: the provider call, its time and size caps, its retry). The answer is constrained
 * by a JSON schema mirroring `scriptBody`, kept to the keywords every compatible server accepts
 * (no length or count keywords: the limits are in the prompt and checked here). Whatever goes
 * wrong with a script, the template engine writes it instead and the reason is kept with it.
 */

export interface LlmWriterOptions {
  /** Where a fallback, and what was cut from a model's script, is written at warn. */
  log?: ScriptLog;
}

export function createLlmScriptWriter(model: ChatModel, options: LlmWriterOptions = {}): ScriptWriter {
  const log = options.log;

  async function ask(request: ScriptRequest, plan: ScriptPlan, written: readonly WrittenScript[], signal?: AbortSignal): Promise<Attempt> {
    const answer = await model.complete(
      { messages: promptMessages(request, plan, written), schema: { name: 'short_video_script', schema: scriptJsonSchema(request.platforms) } },
      signal ? { signal } : {},
    );
    if (!answer.ok) return failure(answer.detail, answer.stop);
    let parsed: unknown;
    try {
      parsed = JSON.parse(answer.content);
    } catch {
      return failure('malformed JSON');
    }
    return readScript(parsed, request, plan);
  }

  return {
    async write(request, signal) {
      signal?.throwIfAborted();
      warnUnsafeBrief(request, log);
      const taken = new Set(request.recent);
      const scripts: WrittenScript[] = [];
      let unavailable: string | null = null;
      const about = { merchant_id: request.brief.merchant_id, language: request.language, model: model.model };
      for (const plan of planScripts(request)) {
        let outcome: Attempt = unavailable ? failure(unavailable, true) : await ask(request, plan, scripts, signal);
        if (outcome.ok) {
          const fingerprint = scriptFingerprint(outcome.body);
          if (!taken.has(fingerprint) && !offersAvoided(outcome.body, request.avoid)) {
            const template = `${request.brief.category}.${plan.structure}`;
            if (outcome.removed.length > 0) log?.warn({ ...about, note: removedNote(outcome.removed) }, 'script writer cut what the brief does not have from a model script');
            scripts.push({ body: outcome.body, template, hook_style: plan.hookStyle, fingerprint, engine: 'llm', fallback_reason: null });
            taken.add(fingerprint);
            continue;
          }
          outcome = failure(taken.has(fingerprint) ? 'the same as a recent script' : 'a title or hook the studio turned down');
        }
        // Logged once per call for a model that is down, then once for each script it misread.
        if (outcome.detail !== unavailable) log?.warn({ ...about, reason: outcome.detail }, 'script writer fell back to the templates');
        if (outcome.stop) unavailable = outcome.detail;
        const script = writeTemplateScript(request, plan, taken);
        taken.add(script.fingerprint);
        scripts.push({ ...script, fallback_reason: storedMessage('creative.note.llm_fallback', { detail: plainDetail(outcome.detail) || '—' }) });
      }
      return scripts;
    },
  };
}
