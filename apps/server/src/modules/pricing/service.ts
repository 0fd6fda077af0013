import { allows, api, type ApiLanguage, type PackageTexts, type ParsedRequestOf, type PricePackage } from '@nearcast/contract';
import type { Actor, Caller } from '../../access/caller.js';
import type { Db } from '../../db/client.js';
import { invalid, notFound } from '../../errors.js';
import * as repo from './repository.js';
import type { PackageRow } from './repository.js';
import type { AuditService } from '../audit/service.js';

type Body<K extends keyof typeof api.price> = ParsedRequestOf<(typeof api.price)[K]>;

/** Whether the first-purchase discount still applies to this caller (once per user, spec §9). */
export function firstPurchaseFor(caller: Caller | null): boolean {
  return !caller?.account.firstDiscountUsed;
}

const NO_TEXTS: PackageTexts = { name: '', tag: '', features: [] };

/**
 * A package's words in a language (decision 020): each of name, tag and features is the
 * translation when the super admin gave one, and the English otherwise, field by field.
 */
export function textsIn(row: PackageRow, language: ApiLanguage): PackageTexts {
  const english: PackageTexts = { name: row.name, tag: row.tag, features: row.features };
  const translated = language === 'en' ? undefined : row.translations[language];
  if (!translated) return english;
  return {
    name: translated.name || english.name,
    tag: translated.tag || english.tag,
    features: translated.features.length > 0 ? translated.features : english.features,
  };
}

export function toPackage(row: PackageRow, firstPurchase: boolean, language: ApiLanguage = 'en'): PricePackage {
  const discount = firstPurchase ? row.discountCents : 0;
  const shown = textsIn(row, language);
  return {
    id: row.id,
    name: shown.name,
    tag: shown.tag,
    type: row.type,
    base_price_cents: row.basePriceCents,
    actual_price_cents: row.actualPriceCents,
    discount_cents: row.discountCents,
    monthly_credits: row.monthlyCredits,
    button_color: row.buttonColor,
    check_color: row.checkColor,
    gradient_start: row.gradientStart,
    gradient_end: row.gradientEnd,
    learning_course: row.learningCourse,
    features: shown.features,
    status: row.status,
    sort_order: row.sortOrder,
    create_time: row.createdAt.toISOString(),
    payable_cents: row.actualPriceCents - discount,
    first_purchase: firstPurchase && row.discountCents > 0,
    texts: {
      en: { name: row.name, tag: row.tag, features: row.features },
      zh: { ...NO_TEXTS, ...row.translations.zh },
      es: { ...NO_TEXTS, ...row.translations.es },
    },
  };
}

const columns = (body: Partial<Body<'add'>>) => ({
  name: body.name,
  tag: body.tag,
  type: body.type,
  basePriceCents: body.base_price_cents,
  actualPriceCents: body.actual_price_cents,
  discountCents: body.discount_cents,
  monthlyCredits: body.monthly_credits,
  buttonColor: body.button_color,
  checkColor: body.check_color,
  gradientStart: body.gradient_start,
  gradientEnd: body.gradient_end,
  learningCourse: body.learning_course,
  features: body.features,
  status: body.status,
  sortOrder: body.sort_order,
  translations: body.translations,
});

/**
 * Pricing packages: the super admin manages them; everyone else sees the enabled
 * ones, priced for them (the first-purchase discount until it is used).
 */
export class PricingService {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditService,
  ) {}

  async list(caller: Caller | null, body: Body<'list'>, language: ApiLanguage = 'en') {
    // Who manages the packages sees the disabled ones too.
    const manager = !!caller && allows(api.price.update.access, caller.role);
    const filter = { type: body.type, keyword: body.keyword || undefined, status: manager ? body.status : ('enabled' as const) };
    const { rows, total } = await repo.listPackages(this.db, filter, body.page, body.page_size);
    const firstPurchase = firstPurchaseFor(caller);
    return { list: rows.map((row) => toPackage(row, firstPurchase, language)), total, page: body.page, page_size: body.page_size };
  }

  /** A package the caller may see: any for the super admin, enabled ones for everyone else. */
  async visible(caller: Caller | null, id: number): Promise<PackageRow> {
    const row = await repo.findPackage(this.db, id);
    if (!row || (row.status !== 'enabled' && !(caller && allows(api.price.update.access, caller.role)))) throw notFound('pricing.not_found');
    return row;
  }

  async get(caller: Caller | null, id: number, language: ApiLanguage = 'en'): Promise<PricePackage> {
    return toPackage(await this.visible(caller, id), firstPurchaseFor(caller), language);
  }

  /**
   * The learning courses (spec §3, a package's "learning course") of packages someone bought:
   * a package disabled since still gives what was paid for.
   */
  learningCoursesOf(packageIds: number[]): Promise<string[]> {
    return repo.learningCoursesOf(this.db, [...new Set(packageIds)]);
  }

  async add(caller: Actor, body: Body<'add'>): Promise<PricePackage> {
    const values = columns(body);
    const row = await this.db.transaction(async (tx) => {
      const created = await repo.insertPackage(tx, { ...values, name: body.name, type: body.type, basePriceCents: body.base_price_cents, actualPriceCents: body.actual_price_cents });
      await this.audit.record(tx, caller, { action: 'price.add', target: { id: created.id, label: created.name }, after: toPackage(created, true) });
      return created;
    });
    return toPackage(row, true);
  }

  async update(caller: Actor, body: Body<'update'>): Promise<PricePackage> {
    const { id, ...fields } = body;
    const current = await repo.findPackage(this.db, id);
    if (!current) throw notFound('pricing.not_found');
    // Check the prices as they will be after the update, not only the fields sent.
    const base = fields.base_price_cents ?? current.basePriceCents;
    const actual = fields.actual_price_cents ?? current.actualPriceCents;
    const discount = fields.discount_cents ?? current.discountCents;
    if (actual > base) throw invalid({ actual_price_cents: 'pricing.actual_above_base' });
    if (discount > actual) throw invalid({ discount_cents: 'pricing.discount_too_big' });
    const patch = Object.fromEntries(Object.entries(columns(fields)).filter(([, value]) => value !== undefined));
    const row = await this.db.transaction(async (tx) => {
      const updated = await repo.updatePackage(tx, id, patch);
      if (!updated) throw notFound('pricing.not_found');
      await this.audit.record(tx, caller, { action: 'price.update', target: { id, label: updated.name }, before: toPackage(current, true), after: toPackage(updated, true) });
      return updated;
    });
    return toPackage(row, true);
  }

  async delete(caller: Actor, id: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      const current = await repo.findPackage(tx, id);
      if (!current || !(await repo.deletePackage(tx, id))) throw notFound('pricing.not_found');
      await this.audit.record(tx, caller, { action: 'price.delete', target: { id, label: current.name }, before: toPackage(current, true) });
    });
  }
}
