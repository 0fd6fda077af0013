import { SCRIPT_LIMITS, type Brief, type PublishTargetName, type ScriptBody, type ScriptLanguage } from '@nearcast/contract';
import { SCRIPT_LIBRARIES } from './script-library/index.js';
import { briefIn, type LanguageBrief } from './brief-language.js';
import { localizePlaces } from './place-names.js';
import { seededRandom } from './seeded.js';



import { briefValues, cleanValue, clipText, fillText, type Values } from './script-text-fill.js';
import { pick, shuffle } from './script-structures.js';
/** Each platform's post text, written from a script's lines and the brief. */

// ---------------------------------------------------------------------------------------------
// Captions

export type CaptionKind = 'short' | 'title' | 'long' | 'weibo' | 'bilibili';
export interface CaptionStyle {
  kind: CaptionKind;
  hashtags: number;
  /** Beats retold in a long caption. */
  beats: number;
  /** Whether the platform makes a link in the caption clickable (Instagram does not). */
  link: boolean;
}

/**
 * How each platform's post text reads: TikTok and Kuaishou a line and a few hashtags; Instagram
 * and Facebook a few sentences with the practical facts (Instagram with more hashtags, Facebook
 * with few); YouTube a title; Weibo its topics inline as #话题#, where an appended "#tag" would not
 * be a topic; Bilibili a title line then a description, its hashtags becoming the video's tags;
 * the sandbox, which stands for every platform, a general caption.
 */
export const CAPTION_STYLES: Record<PublishTargetName, CaptionStyle> = {
  tiktok: { kind: 'short', hashtags: 5, beats: 0, link: false },
  kuaishou: { kind: 'short', hashtags: 5, beats: 0, link: false },
  youtube: { kind: 'title', hashtags: 3, beats: 0, link: false },
  instagram: { kind: 'long', hashtags: 10, beats: 2, link: false },
  facebook: { kind: 'long', hashtags: 3, beats: 2, link: true },
  vk: { kind: 'long', hashtags: 5, beats: 1, link: true },
  pinterest: { kind: 'long', hashtags: 5, beats: 1, link: true },
  sandbox: { kind: 'long', hashtags: 6, beats: 2, link: true },
  bilibili: { kind: 'bilibili', hashtags: 8, beats: 3, link: false },
  weibo: { kind: 'weibo', hashtags: 0, beats: 0, link: false },
};

/** A hashtag from free text: letters and digits only, Latin words capitalised so they stay readable. */
export function hashtagOf(text: string): string {
  const words = cleanValue(text)
    .replace(/['’`]/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  const tag = words.map((word) => (/^\p{Script=Han}/u.test(word) ? word : `${word.charAt(0).toUpperCase()}${word.slice(1)}`)).join('');
  return tag.length <= SCRIPT_LIMITS.hashtagMax ? tag : '';
}

export type CaptionLines = Pick<ScriptBody, 'title' | 'hook' | 'beats' | 'call_to_action'>;

/**
 * A caption per platform (each once, in the order asked) from a script's lines and the brief.
 * Exported for the language-model engine, which fills in the platforms a model left out.
 */
export function writeCaptions(
  body: CaptionLines,
  fullBrief: Brief | LanguageBrief,
  language: ScriptLanguage,
  platforms: readonly PublishTargetName[],
  seed: string,
): ScriptBody['captions'] {
  const brief = briefIn(fullBrief, language);
  const library = SCRIPT_LIBRARIES[language];
  const category = library.categories[brief.category];
  const values = briefValues(brief, language, library, category).full;
  const random = seededRandom(`${seed}#captions`);
  const texts = library.captions;
  const joiner = language === 'zh' ? '' : ' ';
  const extra: Values = {
    ...values,
    hook: body.hook.on_screen,
    // On-screen words rarely end in punctuation; in a caption the next sentence follows them.
    hook_line: language === 'zh' || /[.!?…。！？]$/u.test(body.hook.on_screen) ? body.hook.on_screen : `${body.hook.on_screen}.`,
    title: body.title,
    // A postal address stays as the post writes it, but its city is named in the caption's language.
    address: localizePlaces(cleanValue(brief.address), language),
    link: cleanValue(brief.link),
  };
  const one = (template: string) => fillText(template, extra) ?? '';
  // A hook that already names the shop does not get "| {shop}" after it.
  const namesShopTwice = (text: string) => values.shop !== '' && text.split(values.shop).length > 2;
  const choose = (templates: readonly string[]) => {
    const usableTexts = templates.map((template) => fillText(template, extra)).filter((text): text is string => !!text && !namesShopTwice(text));
    return usableTexts.length > 0 ? pick(random, usableTexts) : body.hook.on_screen;
  };

  const areaTopic = values.area ? hashtagOf(fillText(texts.area_topic, values) ?? '') : '';
  const seen = new Set<string>();
  const tags = [hashtagOf(values.shop), areaTopic, ...category.hashtags, ...shuffle(random, library.hashtags)].filter((tag) => {
    const key = tag.toLowerCase();
    if (!tag || tag.length > SCRIPT_LIMITS.hashtagMax || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const facts = (link: boolean) =>
    [
      values.offer ? one(texts.offer) : '',
      extra.address ? one(texts.address) : '',
      values.hours ? one(texts.hours) : '',
      values.phone ? one(texts.phone) : '',
      link && extra.link ? one(texts.link) : '',
    ]
      .filter(Boolean)
      .join('\n');
  const retold = (count: number) =>
    body.beats
      .slice(0, count)
      .map((beat) => beat.spoken || beat.on_screen)
      .join(joiner);

  const result: ScriptBody['captions'] = [];
  for (const platform of new Set(platforms)) {
    const style = CAPTION_STYLES[platform];
    let caption: string;
    let hashtags = tags.slice(0, style.hashtags);
    switch (style.kind) {
      case 'short':
        caption = choose(texts.short);
        break;
      case 'title':
        caption = clipText(choose(texts.youtube), 100);
        hashtags = ['Shorts', ...tags].slice(0, style.hashtags);
        break;
      case 'weibo': {
        const topics = [tags[0], areaTopic || category.hashtags[0]]
          .filter((tag): tag is string => !!tag)
          .map((tag) => `#${tag}#`)
          .join('');
        const ending = language === 'zh' ? '！' : '!';
        caption = [`${topics}${joiner}${body.hook.spoken || body.hook.on_screen}${joiner}${body.call_to_action.on_screen}${ending}`, facts(false)]
          .filter(Boolean)
          .join('\n');
        break;
      }
      case 'bilibili':
        caption = [body.title, retold(style.beats), facts(false)].filter(Boolean).join('\n\n');
        break;
      case 'long':
        caption = [body.hook.spoken || body.hook.on_screen, retold(style.beats), facts(style.link), choose(texts.closing)].filter(Boolean).join('\n\n');
        break;
    }
    result.push({ platform, caption: clipText(caption.trim(), SCRIPT_LIMITS.captionMax), hashtags });
  }
  return result;
}

