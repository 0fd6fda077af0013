/**
 * The production line (docs/decisions/047–051): a creative brief per merchant, scripts written
 * from it in en/es/zh, a voice, and a render of one short vertical video from the merchant's own
 * material, which lands in its material library as a draft the studio approves into a post. A
 * daily plan makes the day's videos on its own.
 */
export * from './creative-base.js';
export * from './creative-brief.js';
export * from './creative-script.js';
export * from './creative-render.js';
export * from './creative-plan.js';
