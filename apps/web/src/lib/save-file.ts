/** Hands a fetched file to the browser's download (the file is private, so a plain link would not carry the session). */
export function saveFile(options: { blob: Blob; fileName: string }) {
  const url = URL.createObjectURL(options.blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = options.fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later, not at once: some browsers read the URL only after click() returns.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
