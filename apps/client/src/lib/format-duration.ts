/** A span of time for people: '45 min' under an hour, '5.5 h' under two days, then '3 d'. */
export function formatDuration(seconds: number): string {
  const minutes = Math.floor(Math.max(seconds, 0) / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = minutes / 60;
  if (hours < 48) return `${Number(hours.toFixed(1))} h`;
  return `${Math.floor(hours / 24)} d`;
}
