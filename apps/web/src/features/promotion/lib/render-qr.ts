import { qrLayout, type QrSize } from './qr';

/**
 * Draws `text` as a QR code on `canvas`, which becomes exactly `size` × `size` pixels: black
 * modules on white (scanners need the contrast, whatever the page theme). The encoder is
 * imported here, on the first generation, so it stays out of the page's first load.
 */
export async function drawQr(canvas: HTMLCanvasElement, text: string, size: QrSize): Promise<void> {
  const { create } = await import('qrcode');
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  const layout = qrLayout(modules.size, size);
  if (!layout) throw new Error(`A ${modules.size}-module code does not fit ${size} px`);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No 2D canvas');
  canvas.width = size;
  canvas.height = size;
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, size, size);
  context.fillStyle = '#000000';
  for (let row = 0; row < modules.size; row += 1) {
    for (let col = 0; col < modules.size; col += 1) {
      if (modules.get(row, col)) {
        context.fillRect(layout.offset + col * layout.cell, layout.offset + row * layout.cell, layout.cell, layout.cell);
      }
    }
  }
}

/** The canvas as a PNG file download; rejects when the browser cannot encode or save it. */
export async function downloadCanvas(canvas: HTMLCanvasElement, fileName: string): Promise<void> {
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (!blob) throw new Error('PNG encoding failed');
  const url = URL.createObjectURL(blob);
  try {
    const anchor = document.createElement('a');
    anchor.href = url;
    anchor.download = fileName;
    anchor.rel = 'noopener';
    document.body.appendChild(anchor);
    anchor.click();
    anchor.remove();
  } finally {
    // The click has handed the blob to the browser; give it a moment before letting go.
    setTimeout(() => URL.revokeObjectURL(url), 30_000);
  }
}
