import { blob, blur, circle, document, ellipse, group, linear, path, radial, rect, seeded, text } from './svg.js';

/**
 * A taqueria's material, drawn: tacos from above, the storefront at dusk, the grill, the menu
 * board and the kitchen after closing. Flat illustration, warm light, the brand's red and yellow.
 */

export interface Size {
  width: number;
  height: number;
}

const WOOD = linear('wood', [[0, '#8a5a3c'], [1, '#5e3a24']], 90);

/** Wooden planks across the frame, each a slightly different brown, with their seams. */
function table({ width, height }: Size, random: () => number): string {
  const plank = Math.round(width / 5);
  let planks = rect(0, 0, width, height, 'url(#wood)');
  for (let x = 0; x < width; x += plank) {
    const shade = ['#000000', '#ffffff'][Math.floor(random() * 2)]!;
    planks += rect(x, 0, plank, height, shade, { opacity: 0.03 + random() * 0.05 });
    planks += rect(x, 0, 3, height, '#3b2416', { opacity: 0.6 });
    for (let grain = 0; grain < 4; grain++) {
      const gx = x + 12 + random() * (plank - 24);
      planks += path(`M${gx},0 C${gx + 14},${height * 0.3} ${gx - 14},${height * 0.6} ${gx + 6},${height}`, 'none', { stroke: '#3b2416', 'stroke-width': 2, opacity: 0.18 });
    }
  }
  return planks;
}

/** One taco seen from above: a tortilla crescent filled with meat, onion, cilantro and pineapple. */
function taco(cx: number, cy: number, r: number, angle: number, random: () => number): string {
  const tortilla = path(`M${-r},0 A${r},${r * 0.72} 0 0 0 ${r},0 A${r},${r * 0.12} 0 0 1 ${-r},0 Z`, '#f1d7a0', { stroke: '#d9b26a', 'stroke-width': r * 0.05 });
  let filling = '';
  for (let index = 0; index < 16; index++) {
    const x = -r * 0.75 + random() * r * 1.5;
    const y = r * 0.05 + random() * r * 0.38 * (1 - Math.abs(x) / r);
    filling += path(blob(x, y, r * (0.1 + random() * 0.05), random, 5, 0.5), ['#9a3412', '#7c2d12', '#b45309'][index % 3]!);
  }
  for (let index = 0; index < 10; index++) {
    const x = -r * 0.7 + random() * r * 1.4;
    const y = r * 0.05 + random() * r * 0.32 * (1 - Math.abs(x) / r);
    filling += rect(x, y, r * 0.07, r * 0.07, '#fafaf9', { transform: `rotate(${random() * 90} ${x} ${y})` });
    filling += path(blob(x + r * 0.08, y - r * 0.04, r * 0.05, random, 5, 0.6), '#16a34a');
  }
  for (let index = 0; index < 4; index++) {
    const x = -r * 0.5 + random() * r;
    filling += rect(x, r * 0.12 + random() * r * 0.16, r * 0.12, r * 0.09, '#facc15', { rx: r * 0.02 });
  }
  return group(tortilla + filling, { transform: `translate(${cx} ${cy}) rotate(${angle})` });
}

/** A lime wedge: a circle's slice with its segments. */
function lime(cx: number, cy: number, r: number, angle: number): string {
  const rind = path(`M0,0 L${r},0 A${r},${r} 0 0 1 ${r * Math.cos(1.1)},${r * Math.sin(1.1)} Z`, '#4d7c0f');
  const flesh = path(`M0,0 L${r * 0.88},0 A${r * 0.88},${r * 0.88} 0 0 1 ${r * 0.88 * Math.cos(1.1)},${r * 0.88 * Math.sin(1.1)} Z`, '#bef264');
  const seams = [0.37, 0.73].map((a) => path(`M0,0 L${r * 0.85 * Math.cos(a)},${r * 0.85 * Math.sin(a)}`, 'none', { stroke: '#ecfccb', 'stroke-width': r * 0.05 })).join('');
  return group(rind + flesh + seams, { transform: `translate(${cx} ${cy}) rotate(${angle})` });
}

/** Tacos al pastor on a plate, from above, with lime and two salsas. */
export function tacosPlate(size: Size, seed = 7): string {
  const random = seeded(seed);
  const { width, height } = size;
  const unit = Math.min(width, height);
  const cx = width / 2;
  const cy = height / 2;
  const plate = unit * 0.42;
  const body = [
    table(size, random),
    ellipse(cx + unit * 0.02, cy + unit * 0.03, plate, plate, '#000', { opacity: 0.35, filter: 'url(#soft)' }),
    circle(cx, cy, plate, 'url(#plate)'),
    circle(cx, cy, plate * 0.8, 'none', { stroke: '#e7e5e4', 'stroke-width': unit * 0.006 }),
    taco(cx - plate * 0.32, cy - plate * 0.3, plate * 0.42, -18, random),
    taco(cx + plate * 0.3, cy - plate * 0.05, plate * 0.42, 24, random),
    taco(cx - plate * 0.18, cy + plate * 0.34, plate * 0.42, -4, random),
    lime(cx + plate * 0.42, cy + plate * 0.42, plate * 0.2, 200),
    lime(cx + plate * 0.5, cy + plate * 0.3, plate * 0.2, 150),
    circle(cx - unit * 0.4, cy - unit * 0.38, unit * 0.09, '#e7e5e4'),
    circle(cx - unit * 0.4, cy - unit * 0.38, unit * 0.075, '#b91c1c'),
    circle(cx + unit * 0.4, cy + unit * 0.42, unit * 0.09, '#e7e5e4'),
    circle(cx + unit * 0.4, cy + unit * 0.42, unit * 0.075, '#65a30d'),
    rect(0, 0, width, height, 'url(#vignette)'),
  ].join('');
  const defs = [WOOD, radial('plate', [[0, '#ffffff'], [0.8, '#f5f5f4'], [1, '#d6d3d1']]), radial('vignette', [[0.55, 'rgba(0,0,0,0)'], [1, 'rgba(0,0,0,0.45)']]), blur('soft', unit * 0.02)].join('');
  return document(width, height, defs, body);
}

/** A shop front's colours: the awning's two stripes, the sign and its letters, the wall. */
export interface FrontColors {
  stripes: [string, string];
  sign: string;
  letters: string;
  wall: string;
  door: string;
}

export const TAQUERIA_FRONT: FrontColors = { stripes: ['#b91c1c', '#facc15'], sign: '#1c1917', letters: '#facc15', wall: '#f5e1c8', door: '#7c2d12' };

/** A shop front at dusk: striped awning, lit window, the sign with the shop's name. */
export function storefront(size: Size, shopName: string, fontFamily: string, colors: FrontColors = TAQUERIA_FRONT, seed = 11): string {
  const random = seeded(seed);
  const { width, height } = size;
  const ground = height * 0.8;
  const awningTop = height * 0.3;
  const awningBottom = height * 0.42;
  let awning = '';
  const stripes = 12;
  for (let index = 0; index < stripes; index++) {
    const x = width * 0.08 + (index * width * 0.84) / stripes;
    awning += rect(x, awningTop, (width * 0.84) / stripes, awningBottom - awningTop, colors.stripes[index % 2]!);
    awning += path(`M${x},${awningBottom} q${(width * 0.84) / stripes / 2},${height * 0.04} ${(width * 0.84) / stripes},0 Z`, colors.stripes[index % 2]!);
  }
  let lights = '';
  for (let index = 0; index < 9; index++) {
    const x = width * 0.12 + index * width * 0.095;
    lights += circle(x, awningTop - height * 0.03 + Math.sin(index) * 4, height * 0.009, '#fde68a', { filter: 'url(#glow)' });
  }
  let plants = '';
  for (const px of [width * 0.1, width * 0.86]) {
    plants += rect(px - width * 0.03, ground - height * 0.09, width * 0.06, height * 0.09, '#9a3412', { rx: 6 });
    for (let leaf = 0; leaf < 7; leaf++) plants += path(blob(px + (random() - 0.5) * width * 0.06, ground - height * 0.12 - random() * height * 0.06, height * 0.035, random), ['#15803d', '#166534', '#22c55e'][leaf % 3]!);
  }
  const body = [
    rect(0, 0, width, height, 'url(#sky)'),
    rect(0, height * 0.12, width, ground - height * 0.12, colors.wall),
    rect(0, height * 0.12, width, ground - height * 0.12, 'url(#wallShade)'),
    rect(width * 0.12, height * 0.47, width * 0.46, height * 0.3, 'url(#window)', { rx: 8 }),
    rect(width * 0.12, height * 0.47, width * 0.46, height * 0.3, 'none', { stroke: '#451a03', 'stroke-width': 10, rx: 8 }),
    rect(width * 0.34, height * 0.47, 6, height * 0.3, '#451a03'),
    circle(width * 0.23, height * 0.58, height * 0.05, '#fde68a', { opacity: 0.5, filter: 'url(#glow)' }),
    circle(width * 0.47, height * 0.6, height * 0.05, '#fde68a', { opacity: 0.5, filter: 'url(#glow)' }),
    rect(width * 0.64, height * 0.46, width * 0.18, ground - height * 0.46, colors.door, { rx: 6 }),
    rect(width * 0.66, height * 0.49, width * 0.14, height * 0.14, '#fde68a', { opacity: 0.85, rx: 4 }),
    circle(width * 0.795, height * 0.65, height * 0.012, '#facc15'),
    awning,
    rect(width * 0.2, height * 0.15, width * 0.6, height * 0.12, colors.sign, { rx: 14 }),
    text(width * 0.5, height * 0.235, shopName, { 'font-family': fontFamily, 'font-size': height * 0.075, 'font-weight': 700, fill: colors.letters, 'text-anchor': 'middle' }),
    lights,
    rect(0, ground, width, height - ground, '#57534e'),
    rect(0, ground, width, height * 0.015, '#a8a29e'),
    plants,
    rect(0, 0, width, height, 'url(#dusk)'),
  ].join('');
  const defs = [
    linear('sky', [[0, '#1e3a8a'], [0.6, '#f97316'], [1, '#fdba74']]),
    linear('wallShade', [[0, 'rgba(0,0,0,0.25)'], [1, 'rgba(0,0,0,0)']]),
    linear('window', [[0, '#fcd34d'], [1, '#f59e0b']]),
    radial('dusk', [[0.5, 'rgba(30,20,60,0)'], [1, 'rgba(30,20,60,0.35)']]),
    blur('glow', height * 0.01),
  ].join('');
  return document(width, height, defs, body);
}

/** The flat-top grill: meat sizzling, tortillas warming, the glow of the burners. */
export function grill(size: Size, seed = 3): string {
  const random = seeded(seed);
  const { width, height } = size;
  let meat = '';
  for (let index = 0; index < 70; index++) {
    const x = width * 0.12 + random() * width * 0.5;
    const y = height * 0.35 + random() * height * 0.35;
    meat += path(blob(x, y, width * (0.02 + random() * 0.015), random, 6, 0.5), ['#7c2d12', '#9a3412', '#b45309', '#78350f'][index % 4]!);
  }
  let tortillas = '';
  for (let index = 0; index < 4; index++) {
    const y = height * (0.3 + index * 0.12);
    tortillas += ellipse(width * 0.8, y, width * 0.13, width * 0.13, '#eed9a4', { stroke: '#c99a4b', 'stroke-width': 3 });
    for (let spot = 0; spot < 6; spot++) tortillas += circle(width * 0.8 + (random() - 0.5) * width * 0.16, y + (random() - 0.5) * width * 0.16, width * 0.008, '#a16207', { opacity: 0.6 });
  }
  const body = [
    rect(0, 0, width, height, '#1c1917'),
    rect(width * 0.04, height * 0.2, width * 0.92, height * 0.62, 'url(#steel)', { rx: 18 }),
    rect(width * 0.04, height * 0.2, width * 0.92, height * 0.62, 'url(#heat)', { rx: 18 }),
    meat,
    tortillas,
    rect(width * 0.04, height * 0.84, width * 0.92, height * 0.05, '#44403c', { rx: 8 }),
    ...[0.2, 0.4, 0.6, 0.8].map((x) => circle(width * x, height * 0.865, height * 0.012, '#f97316', { filter: 'url(#glow)' })),
  ].join('');
  const defs = [linear('steel', [[0, '#57534e'], [1, '#292524']]), radial('heat', [[0, 'rgba(249,115,22,0.35)'], [1, 'rgba(249,115,22,0)']], 0.4, 0.55, 0.6), blur('glow', height * 0.008)].join('');
  return document(width, height, defs, body);
}

/** A chalkboard menu with the day's tacos and prices. */
export function menuBoard(size: Size, items: readonly [string, string][], fontFamily: string): string {
  const { width, height } = size;
  const line = height * 0.11;
  const rows = items
    .map(([name, price], index) => {
      const y = height * 0.34 + index * line;
      return (
        text(width * 0.12, y, name, { 'font-family': fontFamily, 'font-size': line * 0.5, fill: '#f5f5f4' }) +
        text(width * 0.88, y, price, { 'font-family': fontFamily, 'font-size': line * 0.5, fill: '#fde047', 'text-anchor': 'end' }) +
        path(`M${width * 0.12},${y + line * 0.22} L${width * 0.88},${y + line * 0.22}`, 'none', { stroke: '#f5f5f4', 'stroke-width': 2, 'stroke-dasharray': '4 10', opacity: 0.3 })
      );
    })
    .join('');
  const body = [
    rect(0, 0, width, height, '#7c4a2d'),
    rect(width * 0.04, height * 0.05, width * 0.92, height * 0.9, 'url(#chalk)', { rx: 10 }),
    text(width * 0.5, height * 0.2, 'MENU', { 'font-family': fontFamily, 'font-size': height * 0.11, 'font-weight': 700, fill: '#fef3c7', 'text-anchor': 'middle', 'letter-spacing': 8 }),
    rows,
  ].join('');
  return document(width, height, linear('chalk', [[0, '#27302a'], [1, '#1a201c']]), body);
}

/** The kitchen after closing: almost nothing to see (the studio marks it too dark to use). */
export function kitchenAtNight(size: Size): string {
  const { width, height } = size;
  const body = [
    rect(0, 0, width, height, '#0c0a09'),
    rect(width * 0.1, height * 0.55, width * 0.8, height * 0.06, '#1c1917'),
    circle(width * 0.78, height * 0.2, height * 0.02, '#292524'),
  ].join('');
  return document(width, height, '', body);
}
