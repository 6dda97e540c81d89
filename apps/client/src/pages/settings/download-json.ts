/** Hands `data` to the browser as a JSON file download named `fileName`. */
export function downloadJson(data: unknown, fileName: string): void {
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the file over; the object URL is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
