import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** The text a reader sees in a PDF, through poppler's pdftotext when the machine has it (null when not). */
export function pdfText(pdf: Buffer): string | null {
  try {
    const dir = mkdtempSync(path.join(tmpdir(), 'pdf-text-'));
    const file = path.join(dir, 'document.pdf');
    writeFileSync(file, pdf);
    return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
  } catch {
    return null;
  }
}
