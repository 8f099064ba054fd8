/** Saves a file the shop answered under `name` (a link clicked for the owner; the browser keeps the download). */
export function downloadBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Today in the shop's time zone (Trinidad and Tobago), YYYY-MM-DD, shifted by `days`. */
export function shopToday(days = 0): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Port_of_Spain', year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(Date.now() + days * 86_400_000),
  );
}
