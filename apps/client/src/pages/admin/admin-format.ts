import dayjs from 'dayjs';

/** Dates in the admin area: '21 Nov 2026, 14:05', in the administrator's own time zone. */
export function formatDateTime(value: Date | string | null | undefined): string {
  if (!value) return '—';
  const date = dayjs(value);
  return date.isValid() ? date.format('D MMM YYYY, HH:mm') : '—';
}

export function formatDate(value: Date | string | null | undefined): string {
  if (!value) return '—';
  const date = dayjs(value);
  return date.isValid() ? date.format('D MMM YYYY') : '—';
}

/** docs/product.md#admin: the activity list shows at most 50 characters of a user agent. */
export function truncate(text: string | null | undefined, length = 50): string {
  if (!text) return '';
  return text.length > length ? `${text.slice(0, length)}…` : text;
}

export const SEVERITY_COLORS: Record<string, string> = {
  low: 'gray',
  medium: 'yellow',
  high: 'orange',
  critical: 'red',
};

/** The detail page of a profile; the phone is part of the path, so its '+' is encoded. */
export function profilePath(phoneNumber: string): string {
  return `/admin/profiles/${encodeURIComponent(phoneNumber)}`;
}
