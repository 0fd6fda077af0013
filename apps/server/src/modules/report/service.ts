import { ACCOUNT_TYPE, apiLanguageOf, REPORT_TOP_VIDEOS, REPORT_TOP_VISIT_VIDEOS, type api, type Language, type MonthlyReport, type MonthlyReportSummary, type ParsedRequestOf } from '@nearcast/contract';
import type { FastifyBaseLogger } from 'fastify';
import { Readable } from 'node:stream';
import type { Caller } from '../../access/caller.js';
import { visibleAccountIds } from '../../access/scope.js';
import type { FileStorage } from '../../adapters/storage/index.js';
import type { Db } from '../../db/client.js';
import { notFound } from '../../errors.js';
import { periodicPass, type AnyJob } from '../../jobs/queue.js';
import { cardName } from '../account/presenter.js';
import type { AccountService } from '../account/service.js';
import type { AreaService } from '../area/service.js';
import { linkPeriodTotalsByPost, linkTotalsByMerchant, postsByLinkVisits } from '../attribution/reads.js';
import { postOutcomes } from '../creative/insights/reads.js';
import type { DashboardService } from '../dashboard/service.js';
import type { EventService } from '../events/service.js';
import type { DeliveryService } from '../notification/delivery-service.js';
import type { PaymentService } from '../payment/service.js';
import type { VideoService } from '../video/service.js';
import { costPer, costPerThousand, dueMonth, monthIn, monthWindow, previousMonth, reportFacts, type ReportFacts } from './facts.js';
import { lessonsOf } from './lessons.js';
import { reportPdf } from './report-pdf.js';
import * as repo from './repository.js';

type Body<K extends keyof typeof api.report> = ParsedRequestOf<(typeof api.report)[K]>;

export const MONTHLY_REPORT_JOB = 'report.monthly';

/** What the report reads from the modules that own each figure. */
export interface ReportSources {
  dashboard: Pick<DashboardService, 'merchantDays'>;
  video: Pick<VideoService, 'monthOfMerchant'>;
  payments: Pick<PaymentService, 'monthlyPriceAt'>;
  accounts: Pick<AccountService, 'merchantsWithPlanSince' | 'cardsOf'>;
  areas: Pick<AreaService, 'placeOf'>;
  notificationDelivery: Pick<DeliveryService, 'languageOf'>;
}

/** A month's video as the report keeps it. */
const videoOf = (post: { postId: number; title: string; platforms: ReportFacts['top'][number]['platforms']; plays: number; likes: number | null; thumbKey: string | null }) => ({
  post_id: post.postId,
  title: post.title,
  platforms: post.platforms,
  plays: post.plays,
  likes: post.likes,
  cover_key: post.thumbKey,
});

const sum = (values: (number | null)[]): number | null => (values.every((value) => value === null) ? null : values.reduce<number>((total, value) => total + (value ?? 0), 0));

/**
 * Merchants' monthly reports: built once per merchant and month by the hourly job (on the first
 * of the month in the merchant's time zone), frozen, announced by an event the notification
 * center turns into a notice and a mail, and read by whoever may read the merchant.
 */
export class ReportService {
  constructor(
    private readonly db: Db,
    private readonly sources: ReportSources,
    private readonly events: EventService,
    private readonly storage: FileStorage,
    private readonly settings: { urlTtlSeconds: number },
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /** The figures of a merchant's month, read now from their owners. */
  async factsOf(merchantId: number, month: string): Promise<ReportFacts> {
    const cur = monthWindow(month);
    const prev = monthWindow(previousMonth(month));
    const { video, dashboard, payments, accounts } = this.sources;
    // The short links' month (the attribution module's reads): the videos it ranks are then read with the others.
    const byVisits = await postsByLinkVisits(this.db, merchantId, cur.start, cur.end, REPORT_TOP_VISIT_VIDEOS);
    const [days, now, before, plan, previousPlan, cards, links, outcomes] = await Promise.all([
      dashboard.merchantDays(merchantId, { from: cur.from, to: cur.to, previousFrom: prev.from, previousTo: prev.to }),
      video.monthOfMerchant(merchantId, cur.start, cur.end, REPORT_TOP_VIDEOS, byVisits.map((row) => row.postId)),
      video.monthOfMerchant(merchantId, prev.start, prev.end, 0),
      payments.monthlyPriceAt(merchantId, cur.end),
      payments.monthlyPriceAt(merchantId, prev.end),
      accounts.cardsOf([merchantId]),
      linkTotalsByMerchant(this.db, merchantId, cur.start, cur.end),
      // The month's own videos as the insights read them (the creative module's post outcomes).
      postOutcomes(this.db, { merchantIds: [merchantId], since: cur.start }, this.laterOf(cur.end)),
    ]);
    const topLinks = await linkPeriodTotalsByPost(this.db, now.posts.map((post) => post.postId), cur.start, cur.end);
    const card = cards.get(merchantId);
    const price = plan?.priceCents ?? null;
    const picked = new Map(now.picked.map((post) => [post.postId, post]));
    const metric = (name: 'likes' | 'comments' | 'shares') => ({
      value: sum(now.platforms.map((row) => row[name])),
      previous: sum(before.platforms.map((row) => row[name])),
    });
    return {
      merchant_name: card ? cardName(card) : '',
      period: { from: cur.from, to: cur.to, previous_from: prev.from, previous_to: prev.to },
      plan: plan ? { name: plan.name, price_cents: plan.priceCents } : null,
      videos: days.videos,
      plays: days.plays,
      likes: metric('likes'),
      comments: metric('comments'),
      shares: metric('shares'),
      cost_per_thousand_cents: costPerThousand(plan?.priceCents ?? null, days.plays.value),
      previous_cost_per_thousand_cents: costPerThousand(previousPlan?.priceCents ?? null, days.plays.previous ?? 0),
      platforms: now.platforms,
      top: now.posts.map((post) => ({ ...videoOf(post), ...(topLinks.get(post.postId) ?? { visits: 0, redemptions: 0 }) })),
      work: { materials_used: now.work.materialsUsed, videos_made: now.work.videosMade, approvals: now.work.approvals },
      links: {
        visits: links.visits,
        redemptions: links.redemptions,
        cost_per_visit_cents: costPer(price, links.visits),
        cost_per_redemption_cents: costPer(price, links.redemptions),
        top_by_visits: byVisits.map((row) => {
          const post = picked.get(row.postId);
          // A post with visits that the video module no longer has (deleted) is listed by its numbers alone.
          const shown = post ? videoOf(post) : { post_id: row.postId, title: '', platforms: [], plays: 0, likes: null, cover_key: null };
          return { ...shown, visits: row.visits, redemptions: row.redemptions };
        }),
        lessons: lessonsOf(outcomes.filter((o) => o.postedAt < cur.end)),
      },
    };
  }

  /** The later of the clock and `at`: a month's posts are judged no earlier than its end. */
  private laterOf(at: Date): Date {
    const now = this.clock();
    return now > at ? now : at;
  }

  /**
   * Builds and keeps a merchant's report of a month, once: a second build of the same month
   * (another instance's job, a retry) finds it made and changes nothing. `at` dates history a
   * seed writes, which tells nobody.
   */
  async build(merchantId: number, month: string, at?: Date): Promise<repo.MonthlyReportRow | null> {
    const [facts, language] = await Promise.all([this.factsOf(merchantId, month), this.sources.notificationDelivery.languageOf(merchantId)]);
    return this.db.transaction(async (tx) => {
      const row = await repo.insert(tx, { merchantId, month, language, facts, ...(at ? { createdAt: at } : {}) });
      if (!row) return null;
      await this.events.record(tx, 'report.monthly_ready', {
        actor_id: null,
        subject_id: row.id,
        account_id: merchantId,
        payload: { report_id: row.id, month, videos: facts.videos.value, plays: facts.plays.value },
        ...(at ? { at } : {}),
      });
      return row;
    });
  }

  /**
   * Every report due now: for each merchant whose plan ran in the month before its own, the
   * month that ended (dueMonth) if it has no report of it yet. Merchants are read once per run,
   * for the month before this UTC month; one east of UTC already in the next month waits for UTC.
   */
  async buildDue(): Promise<number> {
    const at = this.clock();
    const month = previousMonth(monthIn(at, 'UTC'));
    const window = monthWindow(month);
    const merchants = await this.sources.accounts.merchantsWithPlanSince(window.start, window.end);
    const done = await repo.merchantsWithReport(this.db, month, merchants.map((row) => row.id));
    const zones = new Map<number | null, Promise<string>>();
    const zoneOf = (stateId: number | null) => {
      if (!zones.has(stateId)) zones.set(stateId, this.sources.areas.placeOf(stateId, null).then((place) => place.timeZone));
      return zones.get(stateId)!;
    };
    let built = 0;
    for (const merchant of merchants) {
      if (done.has(merchant.id)) continue;
      if (dueMonth(at, await zoneOf(merchant.stateId)) !== month) continue;
      if (await this.build(merchant.id, month)) built += 1;
    }
    return built;
  }

  /** The hourly pass, listed in the job registry: one run at a time. */
  jobDefinitions(log: FastifyBaseLogger): AnyJob[] {
    return [periodicPass(MONTHLY_REPORT_JOB, '7 * * * *', () => this.buildDue(), (built) => log.info({ built }, 'built merchants’ monthly reports'))];
  }

  /** The merchants whose reports the caller may read: its own, or those it works for. */
  private visible(caller: Caller) {
    return visibleAccountIds(caller, [ACCOUNT_TYPE.client]);
  }

  async list(caller: Caller, body: Body<'monthlyList'>) {
    const { rows, total } = await repo.list(this.db, this.visible(caller), body.merchant_id, body.page, body.page_size);
    return { list: rows.map((row) => this.summary(row, this.read(row))), total, page: body.page, page_size: body.page_size };
  }

  async get(caller: Caller, body: Body<'monthlyGet'>, requestLanguage: Language): Promise<MonthlyReport> {
    const row = await repo.findVisible(this.db, body.id, this.visible(caller));
    if (!row) throw notFound('report.not_found');
    const facts = this.read(row);
    const language = body.language ?? requestLanguage;
    const ttl = this.settings.urlTtlSeconds;
    const [pdf, covers] = await Promise.all([
      this.pdfOf(row, facts, language),
      Promise.all(
        [...facts.top, ...(facts.links?.top_by_visits ?? [])].map((video) => (video.cover_key ? this.storage.signedUrl(video.cover_key, ttl).then((link) => link.url) : null)),
      ),
    ]);
    const link = await this.storage.signedUrl(pdf, ttl);
    const { top, videos, plays, links, ...rest } = facts;
    const shown = [...top, ...(links?.top_by_visits ?? [])];
    const coverOf = new Map(shown.map((video, index) => [video.post_id, covers[index] ?? null]));
    const said = apiLanguageOf(language);
    const wire = ({ cover_key: _key, visits, redemptions, ...video }: ReportFacts['top'][number]) => ({
      ...video,
      cover_url: coverOf.get(video.post_id) ?? null,
      visits: visits ?? null,
      redemptions: redemptions ?? null,
    });
    return {
      ...this.summary(row, facts),
      ...rest,
      videos,
      plays_figure: plays,
      top: top.map(wire),
      visits: links?.visits ?? null,
      redemptions: links?.redemptions ?? null,
      cost_per_visit_cents: links?.cost_per_visit_cents ?? null,
      cost_per_redemption_cents: links?.cost_per_redemption_cents ?? null,
      top_by_visits: links ? links.top_by_visits.map(wire) : null,
      lessons: links ? links.lessons.map((lesson) => ({ ...lesson, text: lesson.text[said] })) : null,
      pdf: { url: link.url, expires_at: link.expiresAt.toISOString(), file_name: `nearcast-report-${row.month}-${language}.pdf`, language },
    };
  }

  /** The report's PDF in a language: made and kept the first time it is asked for. */
  private async pdfOf(row: repo.MonthlyReportRow, facts: ReportFacts, language: Language): Promise<string> {
    const kept = row.pdfKeys[language];
    if (kept && (await this.storage.stat(kept))) return kept;
    const covers = await Promise.all(facts.top.map((video) => (video.cover_key ? this.imageOf(video.cover_key) : null)));
    const pdf = await reportPdf({ month: row.month, builtAt: row.createdAt, facts, covers }, language);
    const key = `reports/${row.merchantId}/${row.month}-${language.toLowerCase()}.pdf`;
    await this.storage.put(key, Readable.from([pdf]), { contentType: 'application/pdf', contentLength: pdf.length });
    await repo.savePdfKey(this.db, row.id, language, key);
    return key;
  }

  /** A cover's bytes for the PDF, when it is an image pdfkit draws (JPEG or PNG). */
  private async imageOf(key: string): Promise<Buffer | null> {
    try {
      const object = await this.storage.get(key);
      if (!/^image\/(jpeg|png)$/.test(object.contentType)) {
        object.body.destroy();
        return null;
      }
      const chunks: Buffer[] = [];
      for await (const chunk of object.body) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    } catch {
      // A cover gone from storage leaves its place in the PDF drawn empty.
      return null;
    }
  }

  private read(row: repo.MonthlyReportRow): ReportFacts {
    return reportFacts.parse(row.facts);
  }

  private summary(row: repo.MonthlyReportRow, facts: ReportFacts): MonthlyReportSummary {
    return {
      id: row.id,
      merchant_id: row.merchantId,
      merchant_name: facts.merchant_name,
      month: row.month,
      language: row.language,
      videos_published: facts.videos.value,
      plays: facts.plays.value,
      cost_per_thousand_cents: facts.cost_per_thousand_cents,
      create_time: row.createdAt.toISOString(),
    };
  }
}
