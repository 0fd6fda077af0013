import type { ApiLanguage } from '@nearcast/contract';
import { DIMENSIONS, type Dimension } from './arms.js';
import type { SlotDecision, Why } from './learner.js';

/**
 * Why a draft was chosen, in the three languages (docs/decisions/085): "question hooks bring this
 * shop 2.1× the plays of bold claims", "exploring: …", "category prior: …". Kept on the render
 * in all three, so each reader sees it in their own language however the language changes.
 */
export type ReasonText = Record<ApiLanguage, string>;

interface Name {
  en: string;
  /** English verb agreement: "question hooks bring", "the Classic look brings". */
  plural: boolean;
  es: string;
  zh: string;
}

const HOOKS: Record<string, Name> = {
  question: { en: 'question hooks', plural: true, es: 'los ganchos con pregunta', zh: '提问式开头' },
  bold_claim: { en: 'bold claims', plural: true, es: 'las afirmaciones audaces', zh: '大胆断言式开头' },
  behind_the_scenes: { en: 'behind-the-scenes openings', plural: true, es: 'las aperturas entre bastidores', zh: '幕后花絮式开头' },
  offer_first: { en: 'offer-first openings', plural: true, es: 'las aperturas con la oferta', zh: '开门见优惠式开头' },
  local_pride: { en: 'local-pride openings', plural: true, es: 'las aperturas de orgullo local', zh: '本地自豪式开头' },
  problem_solution: { en: 'problem-and-solution openings', plural: true, es: 'las aperturas de problema y solución', zh: '问题与解决式开头' },
};

const LOOK_NAMES: Record<string, [string, string, string]> = {
  street_pop: ['Street pop', 'Pop callejero', '街头波普'],
  cafe_calm: ['Café calm', 'Café sereno', '咖啡静享'],
  headline: ['Headline', 'Titular', '头条'],
  night_market: ['Night market', 'Mercado nocturno', '夜市'],
  fresh_daily: ['Fresh daily', 'Fresco del día', '每日新鲜'],
  bold_banner: ['Bold banner', 'Pancarta audaz', '醒目横幅'],
  editorial: ['Editorial', 'Editorial', '杂志风'],
  neighbourhood: ['Neighbourhood', 'Barrio', '街坊'],
  spotlight: ['Spotlight', 'Foco', '聚光灯'],
  classic: ['Classic', 'Clásico', '经典'],
};

const LENGTHS: Record<string, Name> = {
  short: { en: 'short videos', plural: true, es: 'los vídeos cortos', zh: '短视频' },
  medium: { en: 'medium-length videos', plural: true, es: 'los vídeos de duración media', zh: '中等时长视频' },
  long: { en: 'longer videos', plural: true, es: 'los vídeos más largos', zh: '较长视频' },
};

/** An arm's name in each language, as the subject of a sentence. */
export function armName(dimension: Dimension, arm: string): Name {
  switch (dimension) {
    case 'hook':
      return HOOKS[arm] ?? { en: arm, plural: true, es: arm, zh: arm };
    case 'length':
      return LENGTHS[arm] ?? { en: arm, plural: true, es: arm, zh: arm };
    case 'look': {
      const [en, es, zh] = LOOK_NAMES[arm] ?? [arm, arm, arm];
      return { en: `the ${en} look`, plural: false, es: `el estilo ${es}`, zh: `「${zh}」风格` };
    }
    case 'hour':
      return { en: `posting at ${arm}`, plural: false, es: `publicar a las ${arm}`, zh: `${arm} 发布` };
  }
}

const times = (ratio: number) => `${ratio.toFixed(1)}×`;

/** Spanish "de" before a name, contracted before "el" as Spanish writes it ("del estilo Clásico"). */
const ofEs = (name: string) => (name.startsWith('el ') ? `del ${name.slice(3)}` : `de ${name}`);

/** One dimension's reason in each language. */
export function whyText(dimension: Dimension, arm: string, why: Why): ReasonText {
  const x = armName(dimension, arm);
  switch (why.kind) {
    case 'pinned':
      return { en: `pinned by the studio: ${x.en}`, es: `fijado por el estudio: ${x.es}`, zh: `工作室已固定：${x.zh}` };
    case 'exploring':
      return why.days === null
        ? { en: `exploring: ${x.en}, not tried yet`, es: `explorando: ${x.es}, aún sin probar`, zh: `探索中：${x.zh}，尚未尝试过` }
        : { en: `exploring: ${x.en}, not tried in ${why.days} days`, es: `explorando: ${x.es}, sin probar desde hace ${why.days} días`, zh: `探索中：${x.zh}，已 ${why.days} 天未尝试` };
    case 'evidence': {
      const y = armName(dimension, why.versus);
      return {
        en: `${x.en} ${x.plural ? 'bring' : 'brings'} this shop ${times(why.ratio)} the plays of ${y.en}`,
        es: `${x.es} le ${x.plural ? 'dan' : 'da'} a esta tienda ${times(why.ratio)} las reproducciones ${ofEs(y.es)}`,
        zh: `${x.zh}为这家店带来的播放量是${y.zh}的 ${times(why.ratio)}`,
      };
    }
    case 'prior':
      return {
        en: `category prior: ${x.en} ${x.plural ? 'bring' : 'brings'} similar shops ${times(why.ratio)} the usual plays`,
        es: `referencia de la categoría: ${x.es} ${x.plural ? 'dan' : 'da'} a tiendas similares ${times(why.ratio)} las reproducciones habituales`,
        zh: `品类先验：${x.zh}为同类店铺带来平常 ${times(why.ratio)} 的播放量`,
      };
    case 'learning':
      return { en: `still learning: ${x.en}, drawn among options still close`, es: `aún aprendiendo: ${x.es}, elegido entre opciones aún parejas`, zh: `仍在学习：${x.zh}，从尚难分高下的选项中抽取` };
  }
}

/**
 * A slot's reason: the hook's (the opening decides most) unless it is only still learning and
 * another dimension has more to say, then what the day explores in another dimension, if anything.
 */
export function reasonOf(decision: Pick<SlotDecision, 'choice' | 'why'>): ReasonText {
  const order: Dimension[] = ['hook', ...DIMENSIONS.filter((d) => d !== 'hook')];
  const telling = order.find((d) => decision.why[d].kind !== 'learning') ?? 'hook';
  const head = decision.why.hook.kind === 'learning' ? telling : 'hook';
  const parts = [head];
  const exploring = order.find((d) => d !== head && decision.why[d].kind === 'exploring');
  if (exploring) parts.push(exploring);
  const texts = parts.map((d) => whyText(d, decision.choice[d], decision.why[d]));
  return {
    en: capitalise(texts.map((t) => t.en).join('; ')),
    es: capitalise(texts.map((t) => t.es).join('; ')),
    zh: texts.map((t) => t.zh).join('；'),
  };
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
