/** Hands a generated file to the browser as a download, then frees its memory. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Some browsers read the URL after click() returns: release it a moment later.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
