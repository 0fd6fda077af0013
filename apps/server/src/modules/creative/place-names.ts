import type { ScriptLanguage } from '@nearcast/contract';

/**
 * The cities of the area tree as Spanish and Chinese write them, where a standard form exists
 * (Los Ángeles, 洛杉矶). The tree holds every US place with a ZIP code; the table names the
 * large cities and those with a Chinese- or Spanish-speaking public of their own, and any other
 * place keeps its English name, which is also how Spanish and Chinese media write small towns.
 */
const PLACES: Readonly<Record<string, { es?: string; zh: string }>> = {
  'Los Angeles': { es: 'Los Ángeles', zh: '洛杉矶' },
  'San Francisco': { zh: '旧金山' },
  'San Diego': { zh: '圣地亚哥' },
  'San Jose': { es: 'San José', zh: '圣何塞' },
  'Santa Monica': { es: 'Santa Mónica', zh: '圣莫尼卡' },
  'Long Beach': { zh: '长滩' },
  Pasadena: { zh: '帕萨迪纳' },
  Irvine: { zh: '尔湾' },
  Anaheim: { zh: '阿纳海姆' },
  Arcadia: { zh: '阿凯迪亚' },
  Alhambra: { zh: '阿罕布拉' },
  'Monterey Park': { zh: '蒙特利公园市' },
  'San Gabriel': { zh: '圣盖博' },
  'Rowland Heights': { zh: '罗兰岗' },
  Riverside: { zh: '河滨市' },
  'San Bernardino': { zh: '圣贝纳迪诺' },
  Sacramento: { zh: '萨克拉门托' },
  Oakland: { zh: '奥克兰' },
  Berkeley: { zh: '伯克利' },
  Fremont: { zh: '弗里蒙特' },
  Cupertino: { zh: '库比蒂诺' },
  Sunnyvale: { zh: '森尼韦尔' },
  'Palo Alto': { zh: '帕洛阿尔托' },
  Fresno: { zh: '弗雷斯诺' },
  Houston: { zh: '休斯敦' },
  Austin: { zh: '奥斯汀' },
  Dallas: { zh: '达拉斯' },
  'San Antonio': { zh: '圣安东尼奥' },
  'Fort Worth': { zh: '沃思堡' },
  'El Paso': { zh: '埃尔帕索' },
  Plano: { zh: '普莱诺' },
  'Sugar Land': { zh: '糖城' },
  Bellaire: { zh: '贝莱尔' },
  'New York': { es: 'Nueva York', zh: '纽约' },
  Brooklyn: { zh: '布鲁克林' },
  Flushing: { zh: '法拉盛' },
  Manhattan: { zh: '曼哈顿' },
  Philadelphia: { es: 'Filadelfia', zh: '费城' },
  Boston: { zh: '波士顿' },
  Chicago: { zh: '芝加哥' },
  Detroit: { zh: '底特律' },
  Seattle: { zh: '西雅图' },
  Portland: { zh: '波特兰' },
  Phoenix: { zh: '凤凰城' },
  Denver: { zh: '丹佛' },
  'Las Vegas': { zh: '拉斯维加斯' },
  'Salt Lake City': { zh: '盐湖城' },
  Miami: { zh: '迈阿密' },
  Orlando: { zh: '奥兰多' },
  Tampa: { zh: '坦帕' },
  Atlanta: { zh: '亚特兰大' },
  'New Orleans': { es: 'Nueva Orleans', zh: '新奥尔良' },
  Nashville: { zh: '纳什维尔' },
  Charlotte: { zh: '夏洛特' },
  Washington: { zh: '华盛顿' },
  Baltimore: { zh: '巴尔的摩' },
  Pittsburgh: { zh: '匹兹堡' },
  Cleveland: { zh: '克利夫兰' },
  Columbus: { zh: '哥伦布' },
  Indianapolis: { es: 'Indianápolis', zh: '印第安纳波利斯' },
  Minneapolis: { zh: '明尼阿波利斯' },
  'St. Louis': { es: 'San Luis', zh: '圣路易斯' },
  'Kansas City': { zh: '堪萨斯城' },
  Honolulu: { zh: '檀香山' },
};

const BY_KEY = new Map(Object.entries(PLACES).map(([name, forms]) => [keyOf(name), { en: name, ...forms }]));

function keyOf(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/^saint\b/i, 'st.')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

/** A city's name in a language: the standard form where there is one, else the name as given. */
export function placeNameIn(name: string, language: ScriptLanguage): string {
  const forms = BY_KEY.get(keyOf(name));
  if (!forms) return name;
  if (language === 'zh') return forms.zh;
  if (language === 'es') return forms.es ?? forms.en;
  return forms.en;
}

const ANY_PLACE = new RegExp(`(?<![\\p{L}])(${Object.keys(PLACES).map((name) => name.replace(/[.]/g, '\\.')).sort((a, b) => b.length - a.length).join('|')})(?![\\p{L}])`, 'gu');

/** A text (an address) with the table's cities written in a language; the rest as given. */
export function localizePlaces(text: string, language: ScriptLanguage): string {
  return language === 'en' ? text : text.replace(ANY_PLACE, (name) => placeNameIn(name, language));
}
