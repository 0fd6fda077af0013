import { apiLanguageOf, formatDay, formatMonth, PLATFORM_NAMES, type Language } from '@nearcast/contract';
import { formatMoney, pdfDocument } from '../../lib/pdf-text.js';
import type { ReportFacts } from './facts.js';
import { REPORT_TEXTS } from './report-texts.js';

export { REPORT_TEXTS };

export interface ReportPdfInput {
  month: string;
  /** When the report was built: its PDF's fixed date, so the same report is the same bytes. */
  builtAt: Date;
  facts: ReportFacts;
  /** Each top video's cover (JPEG or PNG), or null where it has none. */
  covers: (Buffer | null)[];
}

/*
 * Dates in spec §9's style in every language (the contract's helper, shared with the web and the
 * notification texts). The report counts calendar months in UTC, so its days and months are
 * written in UTC too: 2026/10 for a month, 2026/10/01 for a day, whoever reads it.
 */

/** A calendar month (`2026-10`) as a heading writes it: 2026/10. */
export function monthName(month: string): string {
  return formatMonth(`${month}-01T00:00:00Z`, 'UTC');
}

function dayName(day: string | Date): string {
  return formatDay(typeof day === 'string' ? `${day}T00:00:00Z` : day, 'UTC');
}

/** The change from the month before, in words: "+12% vs September", or null when nothing to compare. */
export function changeText(value: number | null, previous: number | null, language: Language, previousMonth: string): string | null {
  const texts = REPORT_TEXTS[language];
  if (value === null || previous === null) return null;
  if (previous === 0) return value === 0 ? texts.noChange(previousMonth) : texts.newThisMonth;
  const ratio = (value - previous) / previous;
  if (Math.abs(ratio) < 0.005) return texts.noChange(previousMonth);
  const percent = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 0, signDisplay: 'always' }).format(ratio);
  return texts.change(percent, previousMonth);
}

/** A monthly report as a PDF (the platform's PDF stack, lib/pdf-text.ts), in the reader's language. */
export async function reportPdf(input: ReportPdfInput, language: Language): Promise<Buffer> {
  const texts = REPORT_TEXTS[language];
  const { facts } = input;
  const number = (value: number | null) => (value === null ? texts.notAvailable : new Intl.NumberFormat(language).format(value));
  const previousMonthName = monthName(facts.period.previous_from.slice(0, 7));
  const { doc, done, left, width, write } = await pdfDocument({ Title: `${texts.title} ${monthName(input.month)} · ${facts.merchant_name}`, CreationDate: input.builtAt });
  const accent = '#7c5cff';
  const ink = '#111111';
  const muted = '#666666';

  doc.fillColor(accent);
  write('Nearcast', 'bold', 20, left, 48, { width });
  doc.fillColor(ink);
  write(`${texts.title} · ${monthName(input.month)}`, 'bold', 16, left, 78, { width });
  doc.fillColor(muted);
  write(`${facts.merchant_name} · ${texts.period(dayName(facts.period.from), dayName(facts.period.to))}`, 'body', 10, left, 102, { width });
  doc.y = 124;
  write(facts.plan ? texts.plan(facts.plan.name, formatMoney(facts.plan.price_cents, language)) : texts.noPlan, 'body', 10, left, doc.y, { width });
  doc.y += 10;

  // The headline figures: three boxes a row.
  const boxes: { label: string; value: string; change: string | null }[] = [
    { label: texts.videos, value: number(facts.videos.value), change: changeText(facts.videos.value, facts.videos.previous, language, previousMonthName) },
    { label: texts.plays, value: number(facts.plays.value), change: changeText(facts.plays.value, facts.plays.previous, language, previousMonthName) },
    { label: texts.likes, value: number(facts.likes.value), change: changeText(facts.likes.value, facts.likes.previous, language, previousMonthName) },
    { label: texts.comments, value: number(facts.comments.value), change: changeText(facts.comments.value, facts.comments.previous, language, previousMonthName) },
    { label: texts.shares, value: number(facts.shares.value), change: changeText(facts.shares.value, facts.shares.previous, language, previousMonthName) },
    {
      label: texts.cpm,
      value: facts.cost_per_thousand_cents === null ? texts.notAvailable : formatMoney(facts.cost_per_thousand_cents, language),
      change: changeText(facts.cost_per_thousand_cents, facts.previous_cost_per_thousand_cents, language, previousMonthName),
    },
  ];
  const gap = 10;
  const boxWidth = (width - gap * 2) / 3;
  const boxHeight = 62;
  const boxesTop = doc.y;
  boxes.forEach((box, index) => {
    const x = left + (index % 3) * (boxWidth + gap);
    const y = boxesTop + Math.floor(index / 3) * (boxHeight + gap);
    doc.roundedRect(x, y, boxWidth, boxHeight, 6).lineWidth(0.6).strokeColor('#d9d4ff').stroke();
    doc.fillColor(muted);
    write(box.label, 'body', 9, x + 10, y + 8, { width: boxWidth - 20, lineBreak: false });
    doc.fillColor(ink);
    write(box.value, 'bold', 16, x + 10, y + 22, { width: boxWidth - 20, lineBreak: false });
    if (box.change) {
      doc.fillColor(muted);
      write(box.change, 'body', 8, x + 10, y + 46, { width: boxWidth - 20, lineBreak: false });
    }
  });
  doc.y = boxesTop + 2 * boxHeight + gap + 18;

  const heading = (text: string) => {
    if (doc.y > doc.page.height - 140) doc.addPage();
    doc.fillColor(accent);
    write(text, 'bold', 12, left, doc.y, { width });
    doc.y += 6;
  };
  /** What a section says when the month has nothing for it. */
  const nothing = (text: string) => {
    doc.fillColor(muted);
    write(text, 'body', 10, left, doc.y, { width });
    doc.y += 8;
  };

  /** A label and its value on one line. */
  const pair = (label: string, value: string) => {
    const y = doc.y;
    doc.fillColor(muted);
    write(label, 'body', 10, left, y, { width: width * 0.6 });
    doc.fillColor(ink);
    write(value, 'bold', 10, left + width * 0.6, y, { width: width * 0.4 });
    doc.y = y + 18;
  };
  const money = (cents: number | null) => (cents === null ? texts.notAvailable : formatMoney(cents, language));
  const counts = (visits: number, redemptions: number) => texts.linkCounts(visits, redemptions, (value) => new Intl.NumberFormat(language).format(value));

  // What the money bought: the links' month (a report built before they were counted has none).
  const { links } = facts;
  if (links) {
    heading(texts.bought);
    pair(texts.visits, number(links.visits));
    pair(texts.redemptions, number(links.redemptions));
    pair(texts.costPerVisit, money(links.cost_per_visit_cents));
    pair(texts.costPerRedemption, money(links.cost_per_redemption_cents));
    doc.fillColor(muted);
    write(texts.boughtNote, 'body', 8, left, doc.y, { width });
    doc.y += 10;
    doc.fillColor(ink);
    write(texts.topVisits, 'bold', 10, left, doc.y, { width });
    doc.y += 4;
    if (links.top_by_visits.length === 0) nothing(texts.noVisits);
    links.top_by_visits.forEach((video, index) => {
      if (doc.y > doc.page.height - 80) doc.addPage();
      const y = doc.y;
      doc.fillColor(ink);
      write(`${index + 1}. ${video.title || '—'}`, 'body', 10, left, y, { width: width * 0.6 });
      doc.fillColor(muted);
      write(counts(video.visits ?? 0, video.redemptions ?? 0), 'body', 9, left + width * 0.6, y + 1, { width: width * 0.4 });
      doc.y = Math.max(doc.y, y + 16);
    });
    doc.y += 10;
  }

  // Per platform: a table.
  heading(texts.platforms);
  if (facts.platforms.length === 0) {
    nothing(texts.noVideos);
  } else {
    const columns = [texts.platform, texts.videos, texts.plays, texts.likes, texts.comments, texts.shares];
    const first = width * 0.25;
    const rest = (width - first) / 5;
    const xOf = (column: number) => (column === 0 ? left : left + first + (column - 1) * rest);
    const line = (cells: string[], weight: 'body' | 'bold', color: string) => {
      const y = doc.y;
      doc.fillColor(color);
      cells.forEach((cell, column) => write(cell, weight, 9, xOf(column), y, { width: (column === 0 ? first : rest) - 6, lineBreak: false }));
      doc.y = y + 16;
    };
    line(columns, 'bold', muted);
    for (const row of facts.platforms) {
      line([PLATFORM_NAMES[row.platform], number(row.videos), number(row.plays), number(row.likes), number(row.comments), number(row.shares)], 'body', ink);
    }
    doc.y += 8;
  }

  // The month's leading videos, with their covers.
  heading(texts.top);
  if (facts.top.length === 0) nothing(texts.noTop);
  facts.top.forEach((video, index) => {
    if (doc.y > doc.page.height - 120) doc.addPage();
    const y = doc.y;
    const cover = input.covers[index];
    const coverBox = { width: 36, height: 64 };
    let drawn = false;
    if (cover) {
      try {
        doc.image(cover, left, y, { fit: [coverBox.width, coverBox.height], align: 'center', valign: 'center' });
        drawn = true;
      } catch {
        // An image pdfkit cannot read is drawn as an empty frame, like a video without a cover.
      }
    }
    if (!drawn) doc.rect(left, y, coverBox.width, coverBox.height).fillColor('#ece9ff').fill();
    doc.fillColor(ink);
    write(`${index + 1}. ${video.title}`, 'bold', 11, left + coverBox.width + 12, y + 8, { width: width - coverBox.width - 12 });
    doc.fillColor(muted);
    const likes = video.likes === null ? '' : ` · ${number(video.likes)} ${texts.likes}`;
    write(`${texts.playsOf(number(video.plays))}${likes} · ${video.platforms.map((platform) => PLATFORM_NAMES[platform]).join(', ')}`, 'body', 9, left + coverBox.width + 12, y + 28, {
      width: width - coverBox.width - 12,
    });
    if (video.visits !== undefined) {
      write(counts(video.visits, video.redemptions ?? 0), 'body', 9, left + coverBox.width + 12, y + 42, { width: width - coverBox.width - 12 });
    }
    doc.y = y + coverBox.height + 10;
  });
  doc.y += 6;

  // What the plan learned from the month's videos, in the reader's words.
  if (links) {
    heading(texts.lessons);
    if (links.lessons.length === 0) nothing(texts.noLessons);
    const key = apiLanguageOf(language);
    for (const lesson of links.lessons) {
      doc.fillColor(ink);
      write(`• ${lesson.text[key]}`, 'body', 10, left, doc.y, { width });
      doc.y += 4;
    }
    doc.y += 6;
  }

  // What the studio did for the merchant.
  heading(texts.work);
  pair(texts.materialsUsed, number(facts.work.materials_used));
  pair(texts.videosMade, number(facts.work.videos_made));
  pair(texts.approvals, number(facts.work.approvals));

  doc.y += 18;
  doc.fillColor('#888888');
  write(texts.footer(dayName(input.builtAt)), 'body', 8, left, doc.y, { width });
  doc.end();
  return done;
}
