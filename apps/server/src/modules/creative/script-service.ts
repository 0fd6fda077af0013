import {
  estimateScriptSeconds,
  HOOK_STYLES,
  readStoredMessage,
  scriptBody,
  type api,
  type ApiLanguage,
  type HookStyle,
  type ParsedRequestOf,
  type PublishTargetName,
  type ResponseOf,
  type Script,
  type ScriptLanguage,
} from '@nearcast/contract';
import type { Caller } from '../../access/caller.js';
import type { Db } from '../../db/client.js';
import { notFound } from '../../errors.js';
import type { BriefService } from './brief-service.js';
import type { Posts } from './ports.js';
import * as repo from './repository.js';
import * as scriptRepo from './script-repository.js';
import { avoidedTexts, distinctTitles } from './script-variety.js';
import { scriptFingerprint, type ScriptWriter, type WrittenScript } from './script-writing.js';

type Api = (typeof api)['creative'];
type Generate = ParsedRequestOf<Api['scriptGenerate']>;

/** Scripts differ from every script the merchant had in this many days. */
export const SCRIPT_MEMORY_DAYS = 30;

/** The template name of a script written by hand on the desk. */
export const HAND_TEMPLATE = 'hand';

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
      // Written for the studio to read and edit: on its desk until rendered or discarded.
      desk: true,
    });
    return { list: rows.map((row) => present(row, lang)) };
  }

  /** A merchant's scripts; `desk` the ones on the studio's script desk. */
  async list(caller: Caller, body: ParsedRequestOf<Api['scriptList']>, lang: ApiLanguage): Promise<ResponseOf<Api['scriptList']>> {
    await this.briefs.assertVisible(caller, body.merchant_id);
    const { rows, total } = await scriptRepo.listScripts(this.db, { merchantId: body.merchant_id, language: body.language, desk: body.desk }, body.page, body.page_size);
    return { list: rows.map((row) => present(row, lang)), total, page: body.page, page_size: body.page_size };
  }

  /**
   * Edits a script's body or takes it off the desk. An edited script is on the desk unless the
   * same call takes it off: editing a script already rendered is how a draft is fixed, and the
   * fix must survive a reload until it is rendered again.
   */
  async update(caller: Caller, body: ParsedRequestOf<Api['scriptUpdate']>, lang: ApiLanguage): Promise<Script> {
    const current = await repo.findScript(this.db, body.id);
    if (!current) throw notFound();
    await this.briefs.assertVisible(caller, current.merchantId);
    const language = current.language;
    const row = await scriptRepo.updateScript(this.db, body.id, {
      ...(body.body
        ? {
            body: body.body,
            fingerprint: scriptFingerprint(body.body),
            estimatedSeconds: estimateScriptSeconds(body.body, language),
          }
        : {}),
      ...(body.desk !== undefined ? { onDesk: body.desk } : body.body ? { onDesk: true } : {}),
      edited: body.body !== undefined,
    });
    if (!row) throw notFound();
    return present(row, lang);
  }

  /**
   * Keeps a script the studio wrote by hand (docs/decisions/086): on the desk from the start, so a
   * reload finds it, and edited from then on with update like any other. Its template is `hand`
   * and its hook style the one the studio chose on the desk (a question hook when it chose none).
   */
  async add(caller: Caller, body: ParsedRequestOf<Api['scriptAdd']>, lang: ApiLanguage): Promise<Script> {
    await this.briefs.assertVisible(caller, body.merchant_id);
    const [row] = await repo.insertScripts(this.db, [
      {
        merchantId: body.merchant_id,
        language: body.language,
        engine: 'hand',
        fallbackReason: null,
        template: HAND_TEMPLATE,
        hookStyle: body.hook_style ?? HOOK_STYLES[0],
        body: body.body,
        fingerprint: scriptFingerprint(body.body),
        estimatedSeconds: estimateScriptSeconds(body.body, body.language),
        createdById: caller.id,
        onDesk: true,
      },
    ]);
    return present(row!, lang);
  }

  /** Writes and stores `count` scripts; the plan's job calls it without a caller. */
  async write(
    merchantId: number,
    request: { language: ScriptLanguage; count: number; hookStyle?: HookStyle | undefined; seed: string; createdById: number | null; desk?: boolean; dayTitles?: readonly string[] },
  ): Promise<repo.ScriptRow[]> {
    const brief = await this.briefs.briefOf(merchantId);
    const connected = (await this.posts.connectedPlatforms(merchantId)) as PublishTargetName[];
    const recent = await repo.recentFingerprints(this.db, merchantId, new Date(Date.now() - SCRIPT_MEMORY_DAYS * 86_400_000));
    const avoid = await avoidedTexts(this.db, merchantId, new Date(), request.dayTitles);
    const drafted: WrittenScript[] = await this.writer.write({
      brief,
      language: request.language,
      count: request.count,
      ...(request.hookStyle ? { hookStyle: request.hookStyle } : {}),
      platforms: connected.length > 0 ? connected : DEFAULT_PLATFORMS,
      recent,
      avoid,
      seed: request.seed,
    });
    const written = distinctTitles(drafted, request.language, avoid);
    return repo.insertScripts(
      this.db,
      written.map((script) => ({
        merchantId,
        language: request.language,
        engine: script.engine,
        fallbackReason: script.fallback_reason,
        template: script.template,
        hookStyle: script.hook_style,
        body: script.body,
        fingerprint: script.fingerprint,
        estimatedSeconds: estimateScriptSeconds(script.body, request.language),
        createdById: request.createdById,
        onDesk: request.desk ?? false,
      })),
    );
  }
}

export function present(row: repo.ScriptRow, lang: ApiLanguage): Script {
  const parsed = scriptBody.safeParse(row.body);
  return {
    id: row.id,
    merchant_id: row.merchantId,
    language: row.language,
    engine: row.engine,
    fallback_reason: row.fallbackReason ? readStoredMessage(lang, row.fallbackReason) : null,
    template: row.template,
    hook_style: row.hookStyle,
    body: parsed.success ? parsed.data : (row.body),
    estimated_seconds: row.estimatedSeconds,
    create_time: row.createdAt.toISOString(),
    update_time: row.updatedAt?.toISOString() ?? null,
    desk: row.onDesk,
  };
}
