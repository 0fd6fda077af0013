import type { FrontColors, Size } from './restaurant.js';
import { blob, blur, circle, document, ellipse, group, linear, path, radial, rect, seeded } from './svg.js';

/**
 * A café's and a barbershop's material, drawn in the same flat style as the taqueria's: a latte
 * from above, the pastry case, the barber's chair before its mirror, the tools laid out.
 */

export const CAFE_FRONT: FrontColors = { stripes: ['#14532d', '#fef3c7'], sign: '#14532d', letters: '#fef3c7', wall: '#e7d8c3', door: '#3f2a1d' };
export const BARBER_FRONT: FrontColors = { stripes: ['#1e3a8a', '#f8fafc'], sign: '#0f172a', letters: '#f8fafc', wall: '#cbd5e1', door: '#1e293b' };

const MARBLE = linear('marble', [[0, '#f5f5f4'], [0.5, '#e7e5e4'], [1, '#d6d3d1']], 35);

/** A latte from above on a marble counter: saucer, cup, and a rosetta in the foam. */
export function latteArt(size: Size, seed = 5): string {
  const random = seeded(seed);
  const { width, height } = size;
  const unit = Math.min(width, height);
  const cx = width / 2;
  const cy = height / 2;
  let veins = '';
  for (let index = 0; index < 6; index++) {
    const y = random() * height;
    veins += path(`M0,${y} C${width * 0.3},${y + (random() - 0.5) * 200} ${width * 0.6},${y + (random() - 0.5) * 200} ${width},${y + (random() - 0.5) * 120}`, 'none', { stroke: '#a8a29e', 'stroke-width': 2, opacity: 0.35 });
  }
  // The rosetta: stacked leaves narrowing towards the top, pulled through by one line.
  let rosetta = '';
  for (let index = 0; index < 6; index++) {
    const y = cy + unit * 0.12 - index * unit * 0.045;
    const w = unit * (0.13 - index * 0.016);
    rosetta += path(`M${cx - w},${y} Q${cx},${y - unit * 0.07} ${cx + w},${y} Q${cx},${y - unit * 0.025} ${cx - w},${y} Z`, '#fdf6ec');
  }
  rosetta += path(`M${cx},${cy - unit * 0.16} L${cx},${cy + unit * 0.17}`, 'none', { stroke: '#fdf6ec', 'stroke-width': unit * 0.01, 'stroke-linecap': 'round' });
  const body = [
    rect(0, 0, width, height, 'url(#marble)'),
    veins,
    ellipse(cx + unit * 0.03, cy + unit * 0.04, unit * 0.36, unit * 0.36, '#000', { opacity: 0.25, filter: 'url(#soft)' }),
    circle(cx, cy, unit * 0.36, '#fafaf9'),
    circle(cx, cy, unit * 0.3, 'none', { stroke: '#e7e5e4', 'stroke-width': unit * 0.008 }),
    path(`M${cx + unit * 0.25},${cy - unit * 0.05} q${unit * 0.14},0 ${unit * 0.14},${unit * 0.05} q0,${unit * 0.05} ${-unit * 0.14},${unit * 0.05}`, 'none', { stroke: '#f5f5f4', 'stroke-width': unit * 0.035 }),
    circle(cx, cy, unit * 0.26, '#f5f5f4'),
    circle(cx, cy, unit * 0.23, 'url(#coffee)'),
    rosetta,
    path(blob(cx - unit * 0.38, cy + unit * 0.36, unit * 0.07, random, 8, 0.2), '#b45309'),
    path(blob(cx - unit * 0.3, cy + unit * 0.42, unit * 0.05, random, 8, 0.2), '#92400e'),
  ].join('');
  const defs = [MARBLE, radial('coffee', [[0, '#b7793f'], [0.7, '#8b5a2b'], [1, '#5b3716']]), blur('soft', unit * 0.02)].join('');
  return document(width, height, defs, body);
}

/** One concha: a sweet bun with its sugar shell scored like a seashell. */
function concha(cx: number, cy: number, r: number, shell: string): string {
  let scores = '';
  for (let index = -2; index <= 2; index++) scores += path(`M${cx},${cy + r * 0.55} L${cx + index * r * 0.38},${cy - r * 0.5}`, 'none', { stroke: '#00000022', 'stroke-width': r * 0.05 });
  return ellipse(cx, cy + r * 0.15, r * 1.05, r * 0.7, '#c2410c') + ellipse(cx, cy, r, r * 0.62, shell) + scores;
}

/** A croissant: five crescent segments, golden brown. */
function croissant(cx: number, cy: number, r: number, angle: number): string {
  const segments = [-2, -1, 0, 1, 2]
    .map((index) => ellipse(index * r * 0.36, Math.abs(index) * r * 0.16, r * (0.3 - Math.abs(index) * 0.05), r * (0.42 - Math.abs(index) * 0.08), index % 2 ? '#b45309' : '#d97706', { stroke: '#92400e', 'stroke-width': r * 0.03 }))
    .join('');
  return group(segments, { transform: `translate(${cx} ${cy}) rotate(${angle})` });
}

/** The pastry case: shelves of conchas and croissants behind glass, warmly lit. */
export function pastryCase(size: Size): string {
  const { width, height } = size;
  const shelf = (y: number, items: string) => rect(width * 0.05, y, width * 0.9, height * 0.02, '#78350f') + items;
  const row = (y: number, make: (x: number) => string) => [0.17, 0.39, 0.61, 0.83].map((x) => make(width * x)).join('');
  const body = [
    rect(0, 0, width, height, '#292524'),
    rect(width * 0.05, height * 0.08, width * 0.9, height * 0.78, 'url(#caseLight)', { rx: 16 }),
    shelf(height * 0.34, row(height * 0.28, (x) => concha(x, height * 0.28, width * 0.08, '#fbcfe8'))),
    shelf(height * 0.56, row(height * 0.5, (x) => croissant(x, height * 0.5, width * 0.1, -8))),
    shelf(height * 0.78, row(height * 0.72, (x) => concha(x, height * 0.72, width * 0.08, '#fde68a'))),
    rect(width * 0.05, height * 0.08, width * 0.9, height * 0.78, 'url(#glass)', { rx: 16 }),
    rect(0, height * 0.86, width, height * 0.14, '#44403c'),
  ].join('');
  const defs = [linear('caseLight', [[0, '#fef3c7'], [1, '#f59e0b']]), linear('glass', [[0, 'rgba(255,255,255,0.18)'], [0.4, 'rgba(255,255,255,0)'], [1, 'rgba(255,255,255,0.08)']], 20)].join('');
  return document(width, height, defs, body);
}

/** The barber's chair before its mirror, the striped pole turning beside it. */
export function barberChair(size: Size): string {
  const { width, height } = size;
  let stripes = '';
  for (let index = -6; index < 16; index++) {
    const y = height * 0.18 + index * height * 0.05;
    stripes += path(`M${width * 0.84},${y} l${width * 0.08},${-height * 0.03} l0,${height * 0.025} l${-width * 0.08},${height * 0.03} Z`, index % 2 ? '#b91c1c' : '#1d4ed8');
  }
  const body = [
    rect(0, 0, width, height, 'url(#room)'),
    rect(0, height * 0.78, width, height * 0.22, '#e2e8f0'),
    ...Array.from({ length: 8 }, (_, index) => rect((index * width) / 8, height * 0.78, width / 16, height * 0.22, '#1e293b', { opacity: 0.9 })),
    rect(width * 0.18, height * 0.08, width * 0.5, height * 0.4, '#94a3b8', { rx: 18 }),
    rect(width * 0.2, height * 0.095, width * 0.46, height * 0.37, 'url(#mirror)', { rx: 14 }),
    group(stripes, { 'clip-path': 'url(#pole)' }),
    rect(width * 0.84, height * 0.14, width * 0.08, height * 0.44, 'none', { stroke: '#e2e8f0', 'stroke-width': 4, rx: 10 }),
    circle(width * 0.88, height * 0.13, width * 0.045, '#e2e8f0'),
    rect(width * 0.3, height * 0.4, width * 0.26, height * 0.16, '#1f2937', { rx: 24 }),
    rect(width * 0.27, height * 0.54, width * 0.32, height * 0.1, '#111827', { rx: 18 }),
    rect(width * 0.24, height * 0.5, width * 0.05, height * 0.1, '#374151', { rx: 8 }),
    rect(width * 0.57, height * 0.5, width * 0.05, height * 0.1, '#374151', { rx: 8 }),
    rect(width * 0.415, height * 0.64, width * 0.03, height * 0.1, '#9ca3af'),
    ellipse(width * 0.43, height * 0.76, width * 0.14, height * 0.02, '#6b7280'),
    rect(width * 0.36, height * 0.64, width * 0.14, height * 0.02, '#9ca3af', { rx: 4 }),
  ].join('');
  const defs = [
    linear('room', [[0, '#334155'], [1, '#0f172a']]),
    linear('mirror', [[0, '#cbd5e1'], [0.5, '#64748b'], [1, '#94a3b8']], 60),
    `<clipPath id="pole"><rect x="${width * 0.84}" y="${height * 0.14}" width="${width * 0.08}" height="${height * 0.44}" rx="10"/></clipPath>`,
  ].join('');
  return document(width, height, defs, body);
}

/** The barber's tools laid out on a towel: scissors, comb, clippers, razor. */
export function barberTools(size: Size): string {
  const { width, height } = size;
  const unit = Math.min(width, height);
  const scissors = group(
    [
      circle(-unit * 0.06, unit * 0.16, unit * 0.045, 'none', { stroke: '#111827', 'stroke-width': unit * 0.018 }),
      circle(unit * 0.06, unit * 0.16, unit * 0.045, 'none', { stroke: '#111827', 'stroke-width': unit * 0.018 }),
      path(`M${-unit * 0.04},${unit * 0.12} L${unit * 0.02},${-unit * 0.2} L${unit * 0.03},${-unit * 0.2} L${-unit * 0.02},${unit * 0.12} Z`, '#cbd5e1'),
      path(`M${unit * 0.04},${unit * 0.12} L${-unit * 0.02},${-unit * 0.2} L${-unit * 0.03},${-unit * 0.2} L${unit * 0.02},${unit * 0.12} Z`, '#e2e8f0'),
    ].join(''),
    { transform: `translate(${width * 0.3} ${height * 0.45}) rotate(-20)` },
  );
  let teeth = '';
  for (let index = 0; index < 24; index++) teeth += rect(index * unit * 0.0125, unit * 0.03, unit * 0.006, unit * 0.05, '#111827');
  const comb = group(rect(0, 0, unit * 0.3, unit * 0.035, '#111827', { rx: 6 }) + teeth, { transform: `translate(${width * 0.5} ${height * 0.28}) rotate(12)` });
  const clippers = group(
    rect(-unit * 0.05, -unit * 0.17, unit * 0.1, unit * 0.34, '#b91c1c', { rx: unit * 0.04 }) + rect(-unit * 0.05, -unit * 0.19, unit * 0.1, unit * 0.03, '#d1d5db', { rx: 4 }),
    { transform: `translate(${width * 0.68} ${height * 0.6}) rotate(8)` },
  );
  const razor = group(rect(0, 0, unit * 0.22, unit * 0.03, '#92400e', { rx: 8 }) + rect(unit * 0.22, -unit * 0.005, unit * 0.12, unit * 0.035, '#e5e7eb', { rx: 3 }), {
    transform: `translate(${width * 0.25} ${height * 0.78}) rotate(-6)`,
  });
  let weave = '';
  for (let y = 0; y < height; y += 14) weave += rect(0, y, width, 2, '#ffffff', { opacity: 0.06 });
  const body = [rect(0, 0, width, height, '#0f766e'), weave, rect(width * 0.08, height * 0.08, width * 0.84, height * 0.84, 'none', { stroke: '#ccfbf1', 'stroke-width': 6, opacity: 0.4 }), scissors, comb, clippers, razor].join('');
  return document(width, height, '', body);
}
