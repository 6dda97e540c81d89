import { parsePhoneNumberFromString } from 'libphonenumber-js';

/**
 * How a phone number is shown to people (docs/architecture.md#layers, docs/product.md#phone-numbers): North
 * American numbers — +1 and ten national digits, or ten bare digits — read (###) ###-####; other valid
 * numbers use the international format (+44 7911 123456); anything else is shown as given.
 */
export function formatPhoneForDisplay(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  const isInternational = phone.trim().startsWith('+');
  let national: string | null = null;
  if (digits.length === 11 && digits.startsWith('1')) national = digits.slice(1);
  else if (digits.length === 10 && !isInternational) national = digits;
  if (national !== null) return `(${national.slice(0, 3)}) ${national.slice(3, 6)}-${national.slice(6)}`;

  const parsed = parsePhoneNumberFromString(phone);
  return parsed?.isValid() ? parsed.formatInternational() : phone;
}
