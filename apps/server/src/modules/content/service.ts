import type { api, ContentItem, ContentSummary, Language, ParsedRequestOf } from '@nearcast/contract';
import type { Actor, Caller } from '../../access/caller.js';
import type { Db, Executor, Tx } from '../../db/client.js';
import { AppError, conflict, invalid, notFound } from '../../errors.js';
import type { EventService } from '../events/service.js';
import type { UploadService } from '../upload/service.js';
import { auditView, authorNameOf, liveOf, type Changes } from './content-values.js';
import * as repo from './repository.js';
import type { ContentItemRow, NewContentItemRow } from './repository.js';
import { sanitizeBody, withImageUrls } from './sanitize.js';
import type { AuditService } from '../audit/service.js';

type ContentBody<K extends keyof typeof api.content> = ParsedRequestOf<(typeof api.content)[K]>;
type LiveBody<K extends keyof typeof api.live> = ParsedRequestOf<(typeof api.live)[K]>;

/** Where a landing page's call to action goes unless the author says otherwise. */
export const LANDING_DEFAULT_LINK = '/plans';

/**
 * Content items (spec §3 "Content"; decision 030): staff write articles, live events and
 * landing pages; bodies are sanitized before they are stored; uploads (cover, video, body
 * images) are claimed in the same transaction as the save; publishing records
 * `content.published` in that transaction too. The public reads published items only.
 */
export class ContentService {
  constructor(
    private readonly db: Db,
    private readonly uploads: UploadService,
    private readonly events: EventService,
    private readonly publicUrl: string,
    private readonly audit: AuditService,
  ) {}

  // ---- Staff ----

  async list(body: ContentBody<'list'>) {
    const { rows, total } = await repo.listContent(
      this.db,
      {
        type: body.type,
        status: body.status,
        tag: body.tag,
        language: body.language,
        authorId: body.author_id,
        keyword: body.keyword || undefined,
        from: body.date_from ? new Date(`${body.date_from}T00:00:00Z`) : undefined,
        to: body.date_to ? new Date(new Date(`${body.date_to}T00:00:00Z`).getTime() + 86_400_000) : undefined,
      },
      body.page,
      body.page_size,
    );
    return { list: await this.summaries(rows), total, page: body.page, page_size: body.page_size };
  }

  async liveList(body: LiveBody<'list'>) {
    const { rows, total } = await repo.listContent(
      this.db,
      { type: 'live', status: body.status, language: body.language, keyword: body.keyword || undefined, timeStatus: body.time_status },
      body.page,
      body.page_size,
    );
    return { list: await this.summaries(rows), total, page: body.page, page_size: body.page_size };
  }

  facets() {
    return repo.facets(this.db);
  }

  /** Any item for staff; `type` narrows it (the live endpoints reach live events only). */
  async get(id: number, type?: ContentItemRow['type']): Promise<ContentItem> {
    return this.toItem(await this.find(this.db, id, type), false);
  }

  async add(caller: Caller, type: ContentItemRow['type'], changes: Changes & { publish: boolean }): Promise<ContentItem> {
    const row = await this.db.transaction(async (tx) => {
      const values = await this.valuesFor(tx, caller, null, type, changes);
      const inserted = await repo.insertContent(tx, {
        ...(values as NewContentItemRow),
        type,
        status: 'draft',
        authorId: caller.id,
        authorName: authorNameOf(caller),
      });
      await this.saveMedia(tx, caller, inserted.id, values.bodyHtml ?? '');
      if (changes.translation_of != null) await this.joinTranslations(tx, inserted, changes.translation_of);
      const saved = changes.publish ? await this.publishIn(tx, caller, inserted.id, false) : (await repo.findContent(tx, inserted.id))!;
      await this.audit.record(tx, caller, { action: type === 'live' ? 'live.add' : 'content.add', target: { id: saved.id, label: saved.title }, after: auditView(saved) });
      return saved;
    });
    return this.toItem(row, false);
  }

  async addContent(caller: Caller, body: ContentBody<'add'>) {
    return this.add(caller, body.type, body);
  }

  async addLive(caller: Caller, body: LiveBody<'add'>) {
    return this.add(caller, 'live', body);
  }

  /** Changes what is sent; the status stays (an update of a published item is live at once). */
  async update(caller: Caller, id: number, changes: Changes, type?: ContentItemRow['type']): Promise<ContentItem> {
    const { row, dropped } = await this.db.transaction(async (tx) => {
      const current = await this.find(tx, id, type, true);
      const values = await this.valuesFor(tx, caller, current, current.type, changes);
      const updated = await repo.updateContent(tx, id, values);
      const dropped: string[] = [];
      if (values.coverKey !== undefined && current.coverKey && current.coverKey !== values.coverKey) dropped.push(current.coverKey);
      if (values.videoKey !== undefined && current.videoKey && current.videoKey !== values.videoKey) dropped.push(current.videoKey);
      if (values.bodyHtml !== undefined) dropped.push(...(await this.saveMedia(tx, caller, id, values.bodyHtml)));
      if (changes.translation_of !== undefined) {
        if (changes.translation_of === null) await repo.updateContent(tx, id, { translationGroup: null });
        else await this.joinTranslations(tx, updated, changes.translation_of);
      } else if (changes.language !== undefined && updated.translationGroup !== null) {
        await this.checkLanguageFree(tx, updated.translationGroup, id, changes.language);
      }
      const saved = (await repo.findContent(tx, id))!;
      await this.audit.record(tx, caller, { action: saved.type === 'live' ? 'live.update' : 'content.update', target: { id, label: saved.title }, before: auditView(current), after: auditView(saved) });
      return { row: saved, dropped };
    });
    await this.dropUnused(dropped);
    return this.toItem(row, false);
  }

  async publish(caller: Caller, id: number): Promise<ContentItem> {
    const row = await this.db.transaction((tx) => this.publishIn(tx, caller, id, true));
    return this.toItem(row, false);
  }

  /**
   * Publishes in the caller's transaction and records `content.published` with it. Publishing
   * a published item changes nothing and announces nothing again (a double click, a retry).
   * `audited`: publishing is the action itself, not the last step of a create the log records.
   */
  private async publishIn(tx: Tx, caller: Caller, id: number, audited: boolean): Promise<ContentItemRow> {
    const current = await this.find(tx, id, undefined, true);
    if (current.status === 'published') return current;
    const now = new Date();
    const row = await repo.updateContent(tx, id, { status: 'published', publishedAt: current.publishedAt ?? now });
    await this.events.record(tx, 'content.published', {
      actor_id: caller.id,
      subject_id: id,
      // Everyone's news, not one account's: the notification center picks the audience.
      account_id: null,
      payload: {
        content_type: row.type,
        language: row.language,
        title: row.title,
        republished: current.publishedAt !== null,
        ...(row.type === 'live' && row.liveStart ? { start_time: row.liveStart.toISOString() } : {}),
      },
    });
    if (audited) await this.audit.record(tx, caller, { action: 'content.publish', target: { id, label: row.title }, before: { status: current.status }, after: { status: row.status } });
    return row;
  }

  async unpublish(caller: Actor, id: number): Promise<ContentItem> {
    const row = await this.db.transaction(async (tx) => {
      const current = await this.find(tx, id, undefined, true);
      if (current.status === 'draft') throw conflict('content.not_published');
      if (current.status === 'unpublished') return current;
      const updated = await repo.updateContent(tx, id, { status: 'unpublished' });
      await this.audit.record(tx, caller, { action: 'content.unpublish', target: { id, label: current.title }, before: { status: current.status }, after: { status: updated.status } });
      return updated;
    });
    return this.toItem(row, false);
  }

  async delete(caller: Actor, id: number, type?: ContentItemRow['type']): Promise<void> {
    const keys = await this.db.transaction(async (tx) => {
      const current = await this.find(tx, id, type, true);
      if ((await repo.lessonsUsing(tx, id)) > 0) throw conflict('content.in_course');
      const media = await repo.mediaOf(tx, [id]);
      await repo.deleteContent(tx, id);
      await this.audit.record(tx, caller, { action: current.type === 'live' ? 'live.delete' : 'content.delete', target: { id, label: current.title }, before: auditView(current) });
      return [current.coverKey, current.videoKey, ...media.map((item) => item.key)].filter((key): key is string => Boolean(key));
    });
    await this.dropUnused(keys);
  }

  // ---- Public ----

  async publicList(body: ContentBody<'publicList'>) {
    const { rows, total } = await repo.listPublished(
      this.db,
      { type: body.type, tag: body.tag, language: body.language, upcomingAt: body.upcoming ? new Date() : undefined },
      body.page,
      body.page_size,
    );
    return { list: await this.summaries(rows), total, page: body.page, page_size: body.page_size };
  }

  /** A published item; anything else (draft, unpublished, missing, another type) is not found. */
  async publicGet(id: number, type?: ContentItemRow['type']): Promise<ContentItem> {
    return this.toItem(await this.findPublished(id, type), true);
  }

  async findPublished(id: number, type?: ContentItemRow['type']): Promise<ContentItemRow> {
    const row = await repo.findContent(this.db, id);
    if (!row || row.status !== 'published' || (type && row.type !== type)) throw notFound('content.not_found');
    return row;
  }

  // ---- For the learning center (same module) ----

  findRows(ids: number[]) {
    return repo.findContents(this.db, ids);
  }

  toItem(row: ContentItemRow, publicOnly: boolean): Promise<ContentItem> {
    return this.item(row, publicOnly);
  }

  /** A fresh signed URL for a stored file, or null. */
  async urlOf(key: string | null): Promise<string | null> {
    return key ? (await this.uploads.signedUrl(key)).url : null;
  }

  publicUrlOf(id: number): string {
    return `${this.publicUrl.replace(/\/$/, '')}/item/${id}`;
  }

  // ---- Internals ----

  private async find(ex: Executor, id: number, type: ContentItemRow['type'] | undefined, lock = false): Promise<ContentItemRow> {
    const row = lock ? await repo.lockContent(ex, id) : await repo.findContent(ex, id);
    if (!row || (type && row.type !== type)) throw notFound('content.not_found');
    return row;
  }

  /** The columns an add or update writes: sanitized body, claimed uploads, live times. */
  private async valuesFor(
    tx: Tx,
    caller: Caller,
    current: ContentItemRow | null,
    type: ContentItemRow['type'],
    changes: Changes,
  ): Promise<Partial<NewContentItemRow>> {
    const values: Partial<NewContentItemRow> = {};
    if (changes.title !== undefined) values.title = changes.title;
    if (changes.excerpt !== undefined) values.excerpt = changes.excerpt;
    if (changes.body_html !== undefined) values.bodyHtml = sanitizeBody(changes.body_html).html;
    if (changes.tags !== undefined) values.tags = [...new Set(changes.tags)];
    if (changes.language !== undefined) values.language = changes.language;
    if (changes.link !== undefined) values.link = type === 'landing' && changes.link === '' ? LANDING_DEFAULT_LINK : changes.link;
    else if (!current && type === 'landing') values.link = LANDING_DEFAULT_LINK;
    if (changes.cover_upload_id !== undefined && changes.cover_upload_id !== current?.coverUploadId) {
      values.coverUploadId = changes.cover_upload_id;
      values.coverKey = changes.cover_upload_id === null ? null : await this.claim(tx, caller, changes.cover_upload_id, 'image', 'cover_upload_id');
    }
    if (changes.video_upload_id !== undefined && changes.video_upload_id !== current?.videoUploadId) {
      values.videoUploadId = changes.video_upload_id;
      values.videoKey = changes.video_upload_id === null ? null : await this.claim(tx, caller, changes.video_upload_id, 'video', 'video_upload_id');
    }
    if (type === 'live') {
      if (changes.start_time !== undefined) values.liveStart = new Date(changes.start_time);
      if (changes.time_zone !== undefined) values.liveTimeZone = changes.time_zone;
      if (changes.duration_minutes !== undefined) values.liveDurationMinutes = changes.duration_minutes;
    }
    return values;
  }

  private async claim(tx: Tx, caller: Caller, uploadId: number, kind: 'image' | 'video', field: string): Promise<string> {
    // Someone else's, expired or unknown: a problem with this field, not a missing page.
    const upload = await this.uploads.claim(tx, uploadId, caller.id).catch((error: unknown) => {
      throw error instanceof AppError ? invalid({ [field]: 'upload.not_found' }) : error;
    });
    if (upload.type !== kind) throw invalid({ [field]: kind === 'image' ? 'content.upload_not_image' : 'content.upload_not_video' });
    return upload.key;
  }

  /**
   * Links the body's uploaded images to the item, claiming the ones new to it; answers the
   * keys the item no longer shows.
   */
  private async saveMedia(tx: Tx, caller: Caller, contentId: number, html: string): Promise<string[]> {
    const { uploadIds } = sanitizeBody(html);
    const before = await repo.mediaOf(tx, [contentId]);
    const known = new Map(before.map((item) => [item.uploadId, item.key]));
    const media: { uploadId: number; key: string }[] = [];
    for (const uploadId of uploadIds) {
      const key = known.get(uploadId) ?? (await repo.mediaKeyOfUpload(tx, uploadId)) ?? (await this.claim(tx, caller, uploadId, 'image', 'body_html'));
      media.push({ uploadId, key });
    }
    await repo.replaceMedia(tx, contentId, media);
    const kept = new Set(media.map((item) => item.key));
    return before.filter((item) => !kept.has(item.key)).map((item) => item.key);
  }

  /** Puts `row` in the translation group of `targetId`, whose language must not be taken. */
  private async joinTranslations(tx: Tx, row: ContentItemRow, targetId: number): Promise<void> {
    const target = targetId === row.id ? undefined : await repo.lockContent(tx, targetId);
    if (!target || target.type !== row.type) throw invalid({ translation_of: 'content.translation_invalid' });
    const group = target.translationGroup ?? target.id;
    if (target.translationGroup === null) await repo.updateContent(tx, target.id, { translationGroup: group });
    await this.checkLanguageFree(tx, group, row.id, row.language);
    await repo.updateContent(tx, row.id, { translationGroup: group });
  }

  private async checkLanguageFree(tx: Tx, group: number, exceptId: number, language: Language): Promise<void> {
    const taken = await repo.groupLanguages(tx, group, exceptId);
    if (taken.includes(language)) throw conflict('content.translation_language_taken');
  }

  /** Removes stored files nothing points at any more, after the change committed. */
  private async dropUnused(keys: string[]): Promise<void> {
    for (const key of new Set(keys)) {
      if (await repo.keyInUse(this.db, key)) continue;
      // Best effort: a file left behind costs storage, never correctness.
      await this.uploads.storage.delete(key).catch(() => {});
    }
  }

  private async summaries(rows: ContentItemRow[]): Promise<ContentSummary[]> {
    const now = new Date();
    return Promise.all(rows.map((row) => this.summary(row, now)));
  }

  private async summary(row: ContentItemRow, now: Date): Promise<ContentSummary> {
    return {
      id: row.id,
      type: row.type,
      title: row.title,
      excerpt: row.excerpt,
      cover_upload_id: row.coverUploadId,
      cover_url: await this.urlOf(row.coverKey),
      tags: row.tags,
      language: row.language,
      status: row.status,
      live: liveOf(row, now),
      link: row.type === 'article' ? '' : row.link,
      video_upload_id: row.videoUploadId,
      author: { id: row.authorId ?? 0, name: row.authorName },
      create_time: row.createdAt.toISOString(),
      update_time: row.updatedAt.toISOString(),
      publish_time: row.publishedAt ? row.publishedAt.toISOString() : null,
    };
  }

  private async item(row: ContentItemRow, publicOnly: boolean): Promise<ContentItem> {
    const [summary, media, translations, videoUrl] = await Promise.all([
      this.summary(row, new Date()),
      repo.mediaOf(this.db, [row.id]),
      row.translationGroup === null ? Promise.resolve([]) : repo.translationsOf(this.db, row.translationGroup, row.id, publicOnly),
      this.urlOf(row.videoKey),
    ]);
    const urls = new Map(await Promise.all(media.map(async (item) => [item.uploadId, (await this.urlOf(item.key))!] as const)));
    return {
      ...summary,
      body_html: withImageUrls(row.bodyHtml, (uploadId) => urls.get(uploadId)),
      video_url: videoUrl,
      translations,
      public_url: this.publicUrlOf(row.id),
    };
  }
}
