import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/**
 * The accessibility and layout audit of one rendered page: axe-core's WCAG 2 A/AA rules, and
 * horizontal overflow of the viewport. What is checked and why is in
 * docs/decisions/017-accessibility-and-layout-pass.md.
 */

/** WCAG 2.0, 2.1 and 2.2 at levels A and AA. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'] as const;
const FAILING_IMPACTS = new Set(['serious', 'critical']);

/**
 * Rules switched off for every page, each with its reason. Keep this empty unless a rule is
 * wrong for this product; a violation of a right rule is fixed in the page, not here.
 */
export const DISABLED_AXE_RULES: Readonly<Record<string, string>> = {};

export interface AxeFinding {
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/** axe-core's serious and critical violations of WCAG 2 A/AA on the page as it is now. */
export async function axeFindings(page: Page): Promise<AxeFinding[]> {
  // Only violations are read: axe then skips collecting the nodes of every passing check.
  // (options() replaces what withTags set, so it comes first.) Legacy mode runs axe in the page
  // itself: the default finishes every run in a new blank page, a renderer process started per
  // audit, which made axe 2.6 times slower; the app has no frames for that mode to reach.
  const builder = new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] }).withTags([...AXE_TAGS]);
  const disabled = Object.keys(DISABLED_AXE_RULES);
  if (disabled.length) builder.disableRules(disabled);
  const results = await builder.analyze();
  return results.violations
    .filter((violation) => FAILING_IMPACTS.has(violation.impact ?? ''))
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact ?? '',
      help: violation.help,
      targets: violation.nodes.map((node) => {
        const target = node.target.map(String).join(' ');
        // The first check's message says what is wrong with this element (colours and ratio, say).
        const check = [...node.any, ...node.all, ...node.none][0];
        return check?.message ? `${target} — ${check.message}` : target;
      }),
    }));
}

export interface OverflowFinding {
  /** A short CSS-like name of the element: tag, test id, id and first classes. */
  element: string;
  right: number;
  width: number;
  text: string;
}

export interface OverflowReport {
  viewport: number;
  scrollWidth: number;
  elements: OverflowFinding[];
}

/**
 * What sticks out of the viewport on the right.
 *
 * - The document itself must not scroll sideways: `documentElement.scrollWidth > innerWidth`.
 * - Every visible element whose right edge passes the viewport is listed, outermost only (its
 *   children that stick out with it add nothing), unless an ancestor below <body> clips it
 *   (`overflow-x` other than `visible`): a table's own scroll area, a carousel's track, a
 *   truncated label. That container is itself measured, so a scroll area wider than the
 *   screen is still caught; what scrolls inside it is the container's design, and whether it
 *   should scroll at all on a phone is the list pages' phone form, not a viewport overflow.
 *   <html> and <body> clipping does not excuse an element: `overflow-x: hidden` on the page
 *   only hides content the user then cannot reach.
 * - When the page is wider than the viewport and no element's edge is past it, content squeezed
 *   out of a box (a header's row of buttons wider than the header) pushes the page out through
 *   the box's end padding: the innermost such boxes are named.
 * - Elements off to the right on purpose and out of sight (a closed drawer moved away with a
 *   transform, `visibility: hidden`, zero size) are skipped: an element wholly right of the
 *   viewport that is fixed, or hidden from assistive technology, is a parked panel.
 */
export async function overflowReport(page: Page): Promise<OverflowReport> {
  return page.evaluate(() => {
    const viewport = window.innerWidth;
    const root = document.documentElement;
    const SLACK = 1; // sub-pixel rounding
    const name = (element: Element): string => {
      const testId = element.getAttribute('data-testid');
      const classes = Array.from(element.classList).slice(0, 3).map((cls) => `.${cls}`).join('');
      return `${element.tagName.toLowerCase()}${testId ? `[data-testid="${testId}"]` : ''}${element.id ? `#${element.id}` : ''}${classes}`;
    };
    const clippedByAncestor = (element: Element): boolean => {
      for (let parent = element.parentElement; parent && parent !== document.body && parent !== root; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX !== 'visible') return true;
      }
      return false;
    };
    const reported: Element[] = [];
    const elements: { element: string; right: number; width: number; text: string }[] = [];
    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      const rect = element.getBoundingClientRect();
      if (rect.right <= viewport + SLACK || rect.width === 0 || rect.height === 0) continue;
      const style = getComputedStyle(element);
      if (style.visibility === 'hidden' || style.display === 'contents') continue;
      // Entirely off screen to the right: a panel parked there while closed, not content.
      if (rect.left >= viewport && (style.position === 'fixed' || element.closest('[aria-hidden="true"], [inert]'))) continue;
      if (reported.some((outer) => outer.contains(element))) continue;
      if (clippedByAncestor(element)) continue;
      reported.push(element);
      elements.push({
        element: name(element),
        right: Math.round(rect.right),
        width: Math.round(rect.width),
        text: (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 60),
      });
    }
    // Content squeezed out of a box that stays within the screen pushes the page wider through
    // the box's end padding without any element's edge passing the viewport: name the innermost
    // boxes whose content runs out past it.
    if (root.scrollWidth > viewport + SLACK && !elements.length) {
      const spilling = Array.from(document.body.querySelectorAll('*')).filter((element) => {
        if (getComputedStyle(element).overflowX !== 'visible' || clippedByAncestor(element)) return false;
        const rect = element.getBoundingClientRect();
        return rect.width > 0 && element.scrollWidth > element.clientWidth + SLACK && rect.left + element.scrollWidth > viewport + SLACK;
      });
      for (const element of spilling) {
        if (spilling.some((other) => other !== element && element.contains(other))) continue;
        const rect = element.getBoundingClientRect();
        elements.push({
          element: `${name(element)} (its content)`,
          right: Math.round(rect.left + element.scrollWidth),
          width: element.scrollWidth,
          text: (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 60),
        });
      }
    }
    return { viewport, scrollWidth: root.scrollWidth, elements: elements.slice(0, 10) };
  });
}

/** The overflow report in words, or null when nothing sticks out. */
export function overflowProblem(report: OverflowReport): string | null {
  if (report.scrollWidth <= report.viewport && !report.elements.length) return null;
  const lines = [`page ${report.scrollWidth} px wide in a ${report.viewport} px viewport`];
  for (const found of report.elements) {
    lines.push(`  ${found.element} reaches ${found.right} px (${found.width} px wide)${found.text ? ` "${found.text}"` : ''}`);
  }
  return lines.join('\n');
}

export interface TextFinding {
  element: string;
  problem: 'clipped' | 'spills' | 'number split';
  text: string;
}

/**
 * Text that does not fit its box, which a page-wide overflow check cannot see: a label cut by
 * its own `overflow: hidden` or ellipsis ("Evolución (" for "Evolución de reproducciones"), text
 * running out of a box that does not clip it, and a figure broken over two lines ("$2,797.2" /
 * "0"). An element's text is measured where the text is: its own text nodes and its inline
 * children's. Not reported: what scrolls inside a scroll area (reachable), and a truncation
 * that offers the whole text (a `title` on the element or its parent, as ellipsis cells and
 * selects do).
 */
export async function textOverflowReport(page: Page): Promise<TextFinding[]> {
  return page.evaluate(() => {
    const SLACK = 1;
    const findings: { element: string; problem: 'clipped' | 'spills' | 'number split'; text: string }[] = [];
    const name = (element: Element): string => {
      const testId = element.getAttribute('data-testid');
      const classes = Array.from(element.classList).slice(0, 3).map((cls) => `.${cls}`).join('');
      return `${element.tagName.toLowerCase()}${testId ? `[data-testid="${testId}"]` : ''}${classes}`;
    };
    const textOf = (element: Element) => (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 60);
    // An element's text is its own text nodes and those of the inline elements inside it (a name
    // in a <strong>, a value in a <span>): a box cutting an inline child cuts that text too.
    const ownText = (element: Element): boolean =>
      Array.from(element.childNodes).some(
        (node) =>
          (node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() !== '') ||
          (node instanceof HTMLElement && getComputedStyle(node).display === 'inline' && ownText(node)),
      );
    const titled = (el: Element | null) => el !== null && (el.getAttribute('title') ?? '').trim() !== '';
    const offersWholeText = (element: Element) => titled(element) || titled(element.parentElement);
    const hidden = (element: Element) => element.closest('[aria-hidden="true"], [inert], .ant-select-selection-search-mirror, .ant-tooltip, .ant-popover') !== null;
    // Text for screen readers only, clipped to a pixel on purpose.
    const visuallyHidden = (style: CSSStyleDeclaration, rect: DOMRect) =>
      rect.width <= 1 || rect.height <= 1 || (style.clip !== 'auto' && style.clip !== '') || style.clipPath.startsWith('inset(50%');
    const reported = new Set<Element>();
    const report = (element: Element, problem: 'clipped' | 'spills' | 'number split') => {
      if ([...reported].some((outer) => outer.contains(element) || element.contains(outer))) return;
      reported.add(element);
      findings.push({ element: name(element), problem, text: textOf(element) });
    };
    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      // Only a box whose content is wider than it can be reported below: measured first, it spares
      // the style reads of the thousands of elements that fit (an inline element measures 0).
      if (!(element instanceof HTMLElement) || element.scrollWidth <= element.clientWidth + SLACK) continue;
      if (!ownText(element) || hidden(element)) continue;
      const rect = element.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue;
      const style = getComputedStyle(element);
      if (style.visibility === 'hidden' || style.display === 'inline' || style.display === 'contents' || visuallyHidden(style, rect)) continue;
      if (element.matches('input, textarea, select, option, script, style, svg *')) continue;
      const clips = style.overflowX === 'hidden' || style.overflowX === 'clip' || style.textOverflow === 'ellipsis';
      const scrolls = style.overflowX === 'auto' || style.overflowX === 'scroll';
      if (clips && !offersWholeText(element)) report(element, 'clipped');
      // A table cell grows with its text; what it measures wider is a fixed column's shadow.
      else if (!clips && !scrolls && style.display !== 'table-cell') report(element, 'spills');
    }
    // A figure over two lines: a number's characters whose boxes sit on different lines. Digits
    // inside a word (an email, a code, an id such as "fill-99@example.com") are not a figure.
    const NUMBER = /(?<![\p{L}\d@_.-])[-−+]?[$€¥£]?\d[\d,.\u00a0\u202f]*\d%?(?![\p{L}\d@_-])/gu;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || hidden(parent)) continue;
      const text = node.textContent ?? '';
      for (const match of text.matchAll(NUMBER)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const tops = new Set(Array.from(range.getClientRects()).filter((box) => box.width > 0).map((box) => Math.round(box.top)));
        if (tops.size > 1) {
          report(parent, 'number split');
          break;
        }
      }
    }
    return findings.slice(0, 10);
  });
}

/** The text findings in words, or null when every text fits. */
export function textOverflowProblem(findings: TextFinding[]): string | null {
  if (!findings.length) return null;
  return findings.map((found) => `  ${found.problem}: ${found.element}${found.text ? ` "${found.text}"` : ''}`).join('\n');
}
