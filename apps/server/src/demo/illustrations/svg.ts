/**
 * A few words of SVG for the demo's illustrations: shapes, gradients and a seeded random source,
 * so a scene reads as a short list of what is in it and draws the same on every machine.
 */

export type Attrs = Record<string, string | number | undefined>;

const attrs = (values: Attrs) =>
  Object.entries(values)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => ` ${key}="${typeof value === 'number' ? Number(value.toFixed(2)) : escapeXml(value!)}"`)
    .join('');

export const escapeXml = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export const el = (name: string, values: Attrs, children = '') => (children ? `<${name}${attrs(values)}>${children}</${name}>` : `<${name}${attrs(values)}/>`);

export const rect = (x: number, y: number, width: number, height: number, fill: string, extra: Attrs = {}) => el('rect', { x, y, width, height, fill, ...extra });
export const circle = (cx: number, cy: number, r: number, fill: string, extra: Attrs = {}) => el('circle', { cx, cy, r, fill, ...extra });
export const ellipse = (cx: number, cy: number, rx: number, ry: number, fill: string, extra: Attrs = {}) => el('ellipse', { cx, cy, rx, ry, fill, ...extra });
export const path = (d: string, fill: string, extra: Attrs = {}) => el('path', { d, fill, ...extra });
export const group = (children: string, extra: Attrs = {}) => el('g', extra, children);
export const text = (x: number, y: number, content: string, extra: Attrs) => el('text', { x, y, ...extra }, escapeXml(content));

/** A linear gradient from top to bottom (or along `angle` degrees), as a `<defs>` entry. */
export function linear(id: string, stops: [number, string][], angle = 90): string {
  const radians = (angle * Math.PI) / 180;
  const dx = Math.cos(radians) / 2;
  const dy = Math.sin(radians) / 2;
  const stopTags = stops.map(([offset, color]) => el('stop', { offset, 'stop-color': color })).join('');
  return el('linearGradient', { id, x1: 0.5 - dx, y1: 0.5 - dy, x2: 0.5 + dx, y2: 0.5 + dy }, stopTags);
}

/** A radial gradient centred at (cx, cy) in the shape's box, as a `<defs>` entry. */
export function radial(id: string, stops: [number, string][], cx = 0.5, cy = 0.5, r = 0.5): string {
  const stopTags = stops.map(([offset, color]) => el('stop', { offset, 'stop-color': color })).join('');
  return el('radialGradient', { id, cx, cy, r }, stopTags);
}

/** A soft blur as a `<defs>` filter (shadows, glow, steam). */
export const blur = (id: string, deviation: number) => el('filter', { id, x: -0.5, y: -0.5, width: 2, height: 2 }, el('feGaussianBlur', { stdDeviation: deviation }));

export function document(width: number, height: number, defs: string, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><defs>${defs}</defs>${body}</svg>`;
}

/** Mulberry32: a small seeded generator, so a scene's scattered details are the same every time. */
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

/** A closed blob through `points` around (cx, cy): smooth, slightly irregular, like food or leaves. */
export function blob(cx: number, cy: number, radius: number, random: () => number, points = 7, wobble = 0.25): string {
  const corners = Array.from({ length: points }, (_, index) => {
    const angle = (index / points) * Math.PI * 2;
    const r = radius * (1 - wobble / 2 + random() * wobble);
    return [cx + Math.cos(angle) * r, cy + Math.sin(angle) * r] as const;
  });
  const mid = (a: readonly [number, number], b: readonly [number, number]) => [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2] as const;
  const start = mid(corners[points - 1]!, corners[0]!);
  let d = `M${start[0].toFixed(1)},${start[1].toFixed(1)}`;
  for (let index = 0; index < points; index++) {
    const corner = corners[index]!;
    const next = mid(corner, corners[(index + 1) % points]!);
    d += ` Q${corner[0].toFixed(1)},${corner[1].toFixed(1)} ${next[0].toFixed(1)},${next[1].toFixed(1)}`;
  }
  return `${d} Z`;
}
