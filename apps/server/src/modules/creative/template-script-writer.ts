import { HOOK_STYLES, SCRIPT_LIMITS, estimateScriptSeconds, scriptBody, type HookStyle, type ScriptBody, type ScriptLanguage, type ScriptLine, type ScriptTone } from '@nearcast/contract';

import { SCRIPT_LIBRARIES, slotsOf, type BeatKind, type CategoryScripts, type LanguageScripts, type LineTemplate } from './script-library/index.js';

import { briefIn, typesetFor } from './brief-language.js';

import { offersAvoided, scriptFingerprint, warnUnsafeBrief, type ScriptLog, type ScriptRequest, type ScriptWriter, type WrittenScript } from './script-writing.js';


import { seededRandom } from './seeded.js';



import { FILLER_KINDS, INCLUDE_OPTIONAL, SCRIPT_STRUCTURE_NAMES, SCRIPT_STRUCTURES, pick, planScripts, type ScriptPlan, type ScriptStructure } from './script-structures.js';
import { alternatives, briefValues, buildLine, clipText, fillText, usable, type BriefValues } from './script-text-fill.js';


import { writeCaptions } from './script-captions.js';



/**
 * The embedded script engine: it fills the native-language templates of script-library/ from the
 * brief. Variation comes from a PRNG seeded by the request's seed, so the same day's run writes
 * the same scripts again (a retried job does not produce a different video), while a new day or a
 * new slot writes different ones; scripts whose fingerprint the merchant already has are
 * rewritten with the next seed until one is new.
 */


// ---------------------------------------------------------------------------------------------
// Writing one script

interface Composition {
  hook: LineTemplate;
  hookStyle: HookStyle;
  beats: Array<{ kind: BeatKind; optional: boolean; template: LineTemplate }>;
  cta: LineTemplate;
  title: string;
}

function hookPool(library: LanguageScripts, category: CategoryScripts, style: HookStyle): LineTemplate[] {
  return [...(category.hooks[style] ?? []), ...library.hooks[style]];
}

function beatPool(library: LanguageScripts, category: CategoryScripts, kind: BeatKind): readonly LineTemplate[] {
  switch (kind) {
    case 'signature':
    case 'craft':
    case 'experience':
      return category.beats[kind];
    case 'people':
    case 'proof':
      return [...(category.beats[kind] ?? []), ...library.beats[kind]];
    default:
      return library.beats[kind];
  }
}

function compose(
  library: LanguageScripts,
  category: CategoryScripts,
  values: BriefValues,
  tone: ScriptTone,
  style: HookStyle,
  structure: ScriptStructure,
  random: () => number,
): Composition {
  const ok = (template: LineTemplate) => usable(template, values, tone);
  let hookStyle = style;
  let hooks = hookPool(library, category, style).filter(ok);
  if (hooks.length === 0) {
    // Every library has hooks of each style that need nothing from the brief (script-writer.test.ts
    // checks it); should one ever be missing, another style's hook is better than no script.
    hookStyle = HOOK_STYLES.find((other) => hookPool(library, category, other).some(ok)) ?? style;
    hooks = hookPool(library, category, hookStyle).filter(ok);
  }
  const hook = pick(random, hooks);
  // What the hook already says is not said again by a beat.
  const hookSlots = new Set([...slotsOf(hook.spoken), ...alternatives(hook).flatMap(slotsOf)]);
  const covered = new Set<BeatKind>();
  if (hookSlots.has('offer')) covered.add('offer');
  if (hookSlots.has('area')) covered.add('local');

  const beats: Composition['beats'] = [];
  const used = new Set<BeatKind>();
  for (const step of SCRIPT_STRUCTURES[structure]) {
    if (covered.has(step.kind) || used.has(step.kind)) continue;
    const pool = beatPool(library, category, step.kind).filter(ok);
    if (pool.length === 0) continue;
    if (step.optional && random() >= INCLUDE_OPTIONAL[step.kind]) continue;
    beats.push({ kind: step.kind, optional: step.optional, template: pick(random, pool) });
    used.add(step.kind);
  }
  for (const kind of FILLER_KINDS) {
    if (beats.length >= SCRIPT_LIMITS.beatsMin) break;
    if (used.has(kind)) continue;
    const pool = beatPool(library, category, kind).filter(ok);
    if (pool.length === 0) continue;
    beats.push({ kind, optional: true, template: pick(random, pool) });
    used.add(kind);
  }
  beats.splice(SCRIPT_LIMITS.beatsMax);

  // The closing line does not repeat the phone number or street a beat just said.
  const said = new Set(beats.flatMap((beat) => slotsOf(beat.template.spoken)));
  const closings = library.calls_to_action.filter(ok);
  const fresh = closings.filter((template) => !slotsOf(template.spoken).some((slot) => (slot === 'phone' || slot === 'street') && said.has(slot)));
  const cta = pick(random, fresh.length > 0 ? fresh : closings);
  const titles = [...category.titles, ...library.titles].map((text) => fillText(text, values.full)).filter((text): text is string => !!text);
  const title = clipText(titles.length > 0 ? pick(random, titles) : values.full.shop || category.nouns.noun, 100);
  return { hook, hookStyle, beats, cta, title };
}

/**
 * The lines of a composition, within the longest video: optional beats go first (the last
 * first), then every line is said with the shortened values, then the longest spoken line is cut
 * until the estimate fits. Only briefs with very long names and offers get past the first step.
 */
function fitLines(composition: Composition, values: BriefValues, language: ScriptLanguage): Pick<ScriptBody, 'hook' | 'beats' | 'call_to_action'> {
  const beats = [...composition.beats];
  const build = (shortSpoken: boolean) => ({
    hook: buildLine(composition.hook, values, shortSpoken),
    beats: beats.map((beat) => buildLine(beat.template, values, shortSpoken)),
    call_to_action: buildLine(composition.cta, values, shortSpoken),
  });
  const fits = (lines: ReturnType<typeof build>) => estimateScriptSeconds(lines, language) <= SCRIPT_LIMITS.secondsMax;
  let lines = build(false);
  while (!fits(lines) && beats.length > SCRIPT_LIMITS.beatsMin) {
    const optional = beats.map((beat) => beat.optional).lastIndexOf(true);
    beats.splice(optional >= 0 ? optional : beats.length - 1, 1);
    lines = build(false);
  }
  if (!fits(lines)) lines = build(true);
  while (!fits(lines)) {
    const all = [lines.hook, ...lines.beats, lines.call_to_action];
    const longest = all.reduce((a, b) => (b.spoken.length > a.spoken.length ? b : a));
    if (longest.spoken.length <= 8) break;
    longest.spoken = clipText(longest.spoken, Math.floor(longest.spoken.length * 0.8));
  }
  return lines;
}

/** After this many seeds a request's plan is loosened (any structure, then any hook style) to find a new script. */
const ATTEMPTS_PER_PLAN = 40;
const ATTEMPTS_MAX = 200;

/**
 * One template script for a plan, different (by fingerprint) from every script in `taken`.
 * Throws only when no new script exists within ATTEMPTS_MAX seeds, which the libraries are sized
 * never to reach for a month of daily runs.
 */
export function writeTemplateScript(
  request: Pick<ScriptRequest, 'brief' | 'language' | 'platforms' | 'hookStyle' | 'avoid'>,
  plan: ScriptPlan,
  taken: ReadonlySet<string>,
): WrittenScript {
  const brief = briefIn(request.brief, request.language);
  const library = SCRIPT_LIBRARIES[request.language];
  const category = library.categories[brief.category];
  const values = briefValues(brief, request.language, library, category);
  const hasOffer = values.full.offer !== '';
  for (let attempt = 0; attempt < ATTEMPTS_MAX; attempt++) {
    const random = seededRandom(`${plan.seed}#${attempt}`);
    let structure = plan.structure;
    let style = plan.hookStyle;
    if (attempt >= ATTEMPTS_PER_PLAN) structure = pick(random, SCRIPT_STRUCTURE_NAMES.filter((name) => name !== 'deal_first' || hasOffer));
    if (attempt >= ATTEMPTS_PER_PLAN * 2 && !request.hookStyle) style = pick(random, HOOK_STYLES);
    const composition = compose(library, category, values, brief.tone, style, structure, random);
    const lines = fitLines(composition, values, request.language);
    const draft = { title: composition.title, ...lines };
    const body = scriptBody.parse(
      typesetScript(
        { ...draft, captions: writeCaptions(draft, brief, request.language, request.platforms, `${plan.seed}#${attempt}`) },
        request.language,
      ),
    );
    const fingerprint = scriptFingerprint(body);
    if (taken.has(fingerprint)) continue;
    // A title or hook the studio turned down is looked past while other words remain; past
    // that, the script service still gives the title a distinguishing suffix.
    if (attempt < ATTEMPTS_PER_PLAN * 3 && offersAvoided(body, request.avoid)) continue;
    return {
      body,
      template: `${brief.category}.${structure}`,
      hook_style: composition.hookStyle,
      fingerprint,
      engine: 'template',
      fallback_reason: null,
    };
  }
  throw new Error(`no new ${request.language} script for merchant ${brief.merchant_id} within ${ATTEMPTS_MAX} attempts`);
}

/**
 * Every text of a script typeset for its language: Chinese gets a space between Han and Latin
 * runs (a shop name inside a Chinese line). Exported for the language-model engine's scripts.
 */
export function typesetScript(body: ScriptBody, language: ScriptLanguage): ScriptBody {
  if (language !== 'zh') return body;
  // The spaces may take a text past its limit: it is cut again as the writers cut it.
  const set = (text: string, max: number) => clipText(typesetFor(text, language), max);
  const line = (item: ScriptLine): ScriptLine => ({ on_screen: set(item.on_screen, SCRIPT_LIMITS.onScreenMax), spoken: set(item.spoken, SCRIPT_LIMITS.spokenMax) });
  return {
    title: set(body.title, 100),
    hook: line(body.hook),
    beats: body.beats.map(line),
    call_to_action: line(body.call_to_action),
    captions: body.captions.map((item) => ({ ...item, caption: set(item.caption, SCRIPT_LIMITS.captionMax) })),
  };
}

/** The embedded engine as a writer of its own: the default when no language model is configured. */
export function createTemplateScriptWriter(log?: ScriptLog): ScriptWriter {
  return {
    write(request, signal) {
      signal?.throwIfAborted();
      warnUnsafeBrief(request, log);
      const taken = new Set(request.recent);
      const scripts: WrittenScript[] = [];
      for (const plan of planScripts(request)) {
        const script = writeTemplateScript(request, plan, taken);
        taken.add(script.fingerprint);
        scripts.push(script);
      }
      return Promise.resolve(scripts);
    },
  };
}
