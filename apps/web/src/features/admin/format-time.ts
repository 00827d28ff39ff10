/** An instant as Japan time, YYYY/MM/DD HH:mm:ss, as the shop's times are shown. */
const JST = new Intl.DateTimeFormat('ja-JP', {
  timeZone: 'Asia/Tokyo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
});

export function formatJstTime(iso: string | null): string {
  return iso ? JST.format(new Date(iso)) : '—';
}
