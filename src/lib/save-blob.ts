/**
 * Hands a downloaded file to the browser under a name. The data provider answers download calls with a Blob; the URL
 * is revoked a little after the click, or some browsers cancel the download.
 */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
