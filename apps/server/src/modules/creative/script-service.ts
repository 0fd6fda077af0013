import {
  estimateScriptSeconds,
  readStoredMessage,
  scriptBody,
  type api,
  type ApiLanguage,
  type HookStyle,
  type ParsedRequestOf,
  type PublishTargetName,
  type Script,
  type ScriptBody,
  type ScriptLanguage,
} from '@nearcast/contract';
import type { Caller } from '../../access/caller.js';
import type { Db } from '../../db/client.js';
import type { BriefService } from './brief-service.js';
import type { Posts } from './ports.js';
import * as repo from './repository.js';
import type { ScriptWriter, WrittenScript } from './script-writer.js';

type Generate = ParsedRequestOf<(typeof api)['creative']['scriptGenerate']>;

/** Scripts differ from every script the merchant had in this many days. */
export const SCRIPT_MEMORY_DAYS = 30;

/** Where a merchant's posts go when it has connected nothing yet: the captions still cover the big three. */
const DEFAULT_PLATFORMS: PublishTargetName[] = ['tiktok', 'instagram', 'youtube'];

/**
 * Writes scripts from a merchant's brief (docs/decisions/049) and keeps them, so that the next
 * ones differ from the last 30 days'. The writer is the language model when configured, the
 * templates otherwise and whenever the model fails.
 */
export class ScriptService {
  constructor(
    private readonly db: Db,
    private readonly briefs: BriefService,
    private readonly posts: Pick<Posts, 'connectedPlatforms'>,
    private readonly writer: ScriptWriter,
  ) {}

  async generate(caller: Caller, body: Generate, lang: ApiLanguage): Promise<{ list: Script[] }> {
    await this.briefs.assertVisible(caller, body.merchant_id);
    const rows = await this.write(body.merchant_id, {
      language: body.language,
      count: body.count,
      hookStyle: body.hook_style,
      seed: `${body.merchant_id}:${Date.now()}`,
      createdById: caller.id,
    });
    return { list: rows.map((row) => present(row, lang)) };
  }

  /** Writes and stores `count` scripts; the plan's job calls it without a caller. */
  async write(
    merchantId: number,
    request: { language: ScriptLanguage; count: number; hookStyle?: HookStyle | undefined; seed: string; createdById: number | null },
  ): Promise<repo.ScriptRow[]> {
    const brief = await this.briefs.briefOf(merchantId);
    const connected = (await this.posts.connectedPlatforms(merchantId)) as PublishTargetName[];
    const recent = await repo.recentFingerprints(this.db, merchantId, new Date(Date.now() - SCRIPT_MEMORY_DAYS * 86_400_000));
    const written: WrittenScript[] = await this.writer.write({
      brief,
      language: request.language,
      count: request.count,
      ...(request.hookStyle ? { hookStyle: request.hookStyle } : {}),
      platforms: connected.length > 0 ? connected : DEFAULT_PLATFORMS,
      recent,
      seed: request.seed,
    });
    return repo.insertScripts(
      this.db,
      written.map((script) => ({
        merchantId,
        language: request.language,
        engine: script.engine,
        fallbackReason: script.fallback_reason,
        template: script.template,
        hookStyle: script.hook_style,
        body: script.body as repo.StoredScriptBody,
        fingerprint: script.fingerprint,
        estimatedSeconds: estimateScriptSeconds(script.body, request.language),
        createdById: request.createdById,
      })),
    );
  }
}

export function present(row: repo.ScriptRow, lang: ApiLanguage): Script {
  const parsed = scriptBody.safeParse(row.body);
  return {
    id: row.id,
    merchant_id: row.merchantId,
    language: row.language as ScriptLanguage,
    engine: row.engine,
    fallback_reason: row.fallbackReason ? readStoredMessage(lang, row.fallbackReason) : null,
    template: row.template,
    hook_style: row.hookStyle as HookStyle,
    body: parsed.success ? parsed.data : (row.body as ScriptBody),
    estimated_seconds: row.estimatedSeconds,
    create_time: row.createdAt.toISOString(),
  };
}
