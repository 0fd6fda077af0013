import {
  type api,
  type Brief,
  BRIEF_LIMITS,
  type BriefTranslated,
  isOneOf,
  LOCALIZED_BRIEF_FIELDS,
  type LocalizedBriefField,
  type LocalizedText,
  type LocalizedUpdate,
  type ParsedRequestOf,
  SCRIPT_LANGUAGES,
  type ScriptLanguage,
  type VoiceEngineName,
} from '@nearcast/contract';
import type { Caller } from '../../access/caller.js';
import type { Db } from '../../db/client.js';
import { invalid, notFound } from '../../errors.js';
import { mismatchedTexts } from './brief-language.js';
import type { BriefTranslator } from './brief-translator.js';
import { slotOf } from './language-detect.js';
import type { MerchantFacts, Materials, Merchants } from './ports.js';
import * as repo from './repository.js';

type BriefUpdate = ParsedRequestOf<(typeof api)['creative']['briefUpdate']>;

/** Brand colours of a brief nobody has set yet: Nearcast's blue and a warm accent that reads on it. */
export const DEFAULT_BRAND = { primary: '#1668dc', accent: '#ffc53d' } as const;

/**
 * The creative brief (docs/decisions/047): filled from the merchant's settle form until someone
 * saves it, then kept as saved. The merchant, its studio and staff edit it; its operator reads it.
 */
export class BriefService {
  constructor(
    private readonly db: Db,
    private readonly merchants: Merchants,
    private readonly materials: Materials,
    /** Fills a language left empty from another when a language model is configured; null without one. */
    private readonly translator: BriefTranslator | null = null,
    /** The voice of a brief nobody has saved yet (default-voice.ts, docs/decisions/079). */
    private readonly defaultVoice: VoiceEngineName = 'none',
  ) {}

  async get(caller: Caller, merchantId: number): Promise<Brief> {
    await this.assertVisible(caller, merchantId);
    return this.briefOf(merchantId);
  }

  /** The merchant's time zone (its state's), in which its days begin and end. */
  async timeZoneOf(merchantId: number): Promise<string> {
    return (await this.merchants.factsOf(merchantId))?.timeZone ?? 'UTC';
  }

  /** The brief as a render or a script uses it, without a caller (the plan's job). */
  async briefOf(merchantId: number): Promise<Brief> {
    const facts = await this.merchants.factsOf(merchantId);
    if (!facts) throw notFound();
    const row = await repo.findBrief(this.db, merchantId);
    return row ? present(row, facts) : defaults(facts, this.defaultVoice);
  }

  async update(caller: Caller, body: BriefUpdate): Promise<Brief> {
    await this.assertVisible(caller, body.merchant_id);
    const current = await this.briefOf(body.merchant_id);
    const next: Brief = {
      ...current,
      ...definedOf(body),
      brand_colors: body.brand_colors ?? current.brand_colors,
      ...(await this.localizedOf(current, body)),
    };
    if (next.music === 'library' && next.music_footage_id === null) throw invalid({ music_footage_id: 'creative.music_material_required' });
    // A material named in the brief must be the merchant's own, active, and of the right kind.
    const named = [next.logo_footage_id, next.music_footage_id].filter((id): id is number => id !== null);
    const media = await this.materials.mediaOf(body.merchant_id, named);
    if (next.logo_footage_id !== null && media.find((item) => item.id === next.logo_footage_id)?.type !== 'image') {
      throw invalid({ logo_footage_id: 'creative.logo_not_image' });
    }
    if (next.music === 'library' && media.find((item) => item.id === next.music_footage_id)?.type !== 'audio') {
      throw invalid({ music_footage_id: 'creative.music_not_audio' });
    }
    const row = await repo.upsertBrief(this.db, {
      merchantId: body.merchant_id,
      shopName: next.shop_name,
      category: next.category,
      address: next.address,
      phone: next.phone,
      hours: next.hours,
      offer: next.offer,
      callToAction: next.call_to_action,
      translated: next.translated,
      link: next.link,
      couponCode: next.coupon_code ?? '',
      tone: next.tone,
      brandPrimary: next.brand_colors.primary,
      brandAccent: next.brand_colors.accent,
      logoFootageId: next.logo_footage_id,
      music: next.music,
      musicFootageId: next.music === 'library' ? next.music_footage_id : null,
      voice: next.voice,
      languages: next.languages,
      updatedById: caller.id,
    });
    const facts = await this.merchants.factsOf(body.merchant_id);
    return present(row, facts!);
  }

  /**
   * The per-language texts after an update (docs/decisions/077). The languages sent change; a
   * plain string replaces the field with that text in the language it is written in. A text that
   * does not read as its slot's language is refused unless `confirm_languages` says it is meant
   * (only texts sent now are checked, so an old brief never blocks saving something else). A
   * changed text is the merchant's own from then on; when the merchant's own text of a field
   * changes, its machine translations are made again from it.
   */
  private async localizedOf(current: Brief, body: BriefUpdate): Promise<Pick<Brief, LocalizedBriefField | 'translated'>> {
    const out = { hours: { ...current.hours }, offer: { ...current.offer }, call_to_action: { ...current.call_to_action } };
    const translated: BriefTranslated = { hours: [...current.translated.hours], offer: [...current.translated.offer], call_to_action: [...current.translated.call_to_action] };
    const sent: Record<LocalizedBriefField, Partial<LocalizedText>> = { hours: {}, offer: {}, call_to_action: {} };
    for (const field of LOCALIZED_BRIEF_FIELDS) {
      const value = body[field];
      if (value === undefined) continue;
      sent[field] = asLanguages(value);
      const checked = typeof value === 'string' ? {} : sent[field];
      const wrong = body.confirm_languages ? [] : mismatchedTexts({ [field]: checked });
      if (wrong.length > 0) {
        throw invalid(Object.fromEntries(wrong.map((item) => [`${item.field}.${item.language}`, `creative.brief_language_mismatch_${item.language}` as const])), 'creative.brief_language_mismatch');
      }
    }
    for (const field of LOCALIZED_BRIEF_FIELDS) {
      let ownChanged = false;
      for (const language of SCRIPT_LANGUAGES) {
        const text = sent[field][language];
        if (text === undefined || text === out[field][language]) continue;
        out[field][language] = text;
        if (translated[field].includes(language)) translated[field] = translated[field].filter((item) => item !== language);
        else ownChanged = true;
      }
      if (ownChanged) {
        for (const language of translated[field]) out[field][language] = '';
        translated[field] = [];
      }
    }
    if (this.translator) await this.fillByTranslation(out, translated, body.languages ?? current.languages);
    return { ...out, translated };
  }

  /** Each empty language of the brief's languages translated from the merchant's own text (English first). */
  private async fillByTranslation(texts: Record<LocalizedBriefField, LocalizedText>, translated: BriefTranslated, languages: readonly ScriptLanguage[]): Promise<void> {
    const jobs: Array<Promise<void>> = [];
    for (const field of LOCALIZED_BRIEF_FIELDS) {
      const from = SCRIPT_LANGUAGES.find((language) => texts[field][language].trim() !== '' && !translated[field].includes(language));
      if (!from) continue;
      for (const to of languages) {
        if (to === from || texts[field][to].trim() !== '') continue;
        jobs.push(
          this.translator!.translate(texts[field][from], from, to, field).then((text) => {
            if (!text) return;
            texts[field][to] = text.slice(0, LIMITS[field]);
            translated[field] = SCRIPT_LANGUAGES.filter((language) => language === to || translated[field].includes(language));
          }),
        );
      }
    }
    await Promise.all(jobs);
  }

  /** Every merchant outside the caller's scope is simply not found (decision 006). */
  async assertVisible(caller: Caller, merchantId: number): Promise<void> {
    if (!(await repo.merchantVisible(this.db, caller, merchantId))) throw notFound();
  }
}

const LIMITS: Record<LocalizedBriefField, number> = { hours: BRIEF_LIMITS.hours, offer: BRIEF_LIMITS.offer, call_to_action: BRIEF_LIMITS.callToAction };

/** A sent per-language text as languages: a plain string is the whole field, in the language it is written in. */
function asLanguages(value: LocalizedUpdate): Partial<LocalizedText> {
  if (typeof value !== 'string') return value;
  const empty: LocalizedText = { en: '', es: '', zh: '' };
  return value === '' ? empty : { ...empty, [slotOf(value)]: value };
}

const EMPTY_TEXT: LocalizedText = { en: '', es: '', zh: '' };

/** A stored per-language value as the contract has it, whatever languages an old row lacks. */
function localized(value: Partial<LocalizedText> | null | undefined): LocalizedText {
  return { en: value?.en ?? '', es: value?.es ?? '', zh: value?.zh ?? '' };
}

function translatedOf(value: Partial<Record<LocalizedBriefField, string[]>> | null | undefined): BriefTranslated {
  const only = (list: string[] | undefined) => SCRIPT_LANGUAGES.filter((language) => list?.includes(language));
  return { hours: only(value?.hours), offer: only(value?.offer), call_to_action: only(value?.call_to_action) };
}

function definedOf(body: BriefUpdate): Partial<Brief> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    if (key === 'merchant_id' || key === 'brand_colors' || key === 'confirm_languages' || value === undefined) continue;
    if (isOneOf(LOCALIZED_BRIEF_FIELDS, key)) continue;
    out[key] = value;
  }
  return out as Partial<Brief>;
}

/** The merchant's one-line address as a viewer reads it on screen: street, city, state ZIP. */
export function addressLine(facts: Pick<MerchantFacts, 'address' | 'city' | 'state' | 'zipCode'>): string {
  const place = [facts.city, [facts.state, facts.zipCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [facts.address, place].filter(Boolean).join(', ');
}

/** A 10-digit US number as people write it; anything else as it was given. */
export function phoneLine(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.length === 10 ? `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}` : phone;
}

function defaults(facts: MerchantFacts, voice: VoiceEngineName): Brief {
  return {
    merchant_id: facts.id,
    merchant_name: facts.name,
    shop_name: (facts.companyShortName || facts.name).slice(0, 100),
    category: 'other',
    address: addressLine(facts).slice(0, 300),
    phone: phoneLine(facts.phone),
    hours: { ...EMPTY_TEXT },
    offer: { ...EMPTY_TEXT },
    call_to_action: { ...EMPTY_TEXT },
    translated: { hours: [], offer: [], call_to_action: [] },
    link: '',
    coupon_code: '',
    tone: 'friendly',
    brand_colors: { ...DEFAULT_BRAND },
    logo_footage_id: null,
    music: 'auto',
    music_footage_id: null,
    voice,
    languages: [...SCRIPT_LANGUAGES],
    update_time: null,
  };
}

function present(row: repo.BriefRow, facts: MerchantFacts): Brief {
  return {
    merchant_id: row.merchantId,
    merchant_name: facts.name,
    shop_name: row.shopName,
    category: row.category,
    address: row.address,
    phone: row.phone,
    hours: localized(row.hours),
    offer: localized(row.offer),
    call_to_action: localized(row.callToAction),
    translated: translatedOf(row.translated),
    link: row.link,
    coupon_code: row.couponCode,
    tone: row.tone,
    brand_colors: { primary: row.brandPrimary, accent: row.brandAccent },
    logo_footage_id: row.logoFootageId,
    music: row.music,
    music_footage_id: row.musicFootageId,
    voice: row.voice,
    languages: row.languages,
    update_time: row.updatedAt.toISOString(),
  };
}

/** The page the end card's QR code opens: the brief's link, else the shop on a map. */
export function qrLinkOf(brief: Pick<Brief, 'link' | 'shop_name' | 'address'>): string | null {
  if (brief.link) return brief.link;
  const where = [brief.shop_name, brief.address].filter(Boolean).join(', ');
  return where ? `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(where)}` : null;
}
