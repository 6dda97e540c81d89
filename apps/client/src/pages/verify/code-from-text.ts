import { VERIFICATION_CODE_LENGTH } from '@exrated/content/fields';

/**
 * The verification code inside pasted or auto-filled text: the code alone ('123456', '123 456', '123-456')
 * or the whole text message ('Your ExRated code is 123456. …', with the '@host #123456' line). Null when
 * the text holds no single 6-digit code.
 */
export function codeFromText(text: string): string | null {
  const compact = text.trim().replace(/[\s-]/g, '');
  if (new RegExp(`^\\d{${VERIFICATION_CODE_LENGTH}}$`).test(compact)) return compact;
  const found = new Set(text.match(new RegExp(`(?<!\\d)\\d{${VERIFICATION_CODE_LENGTH}}(?!\\d)`, 'g')) ?? []);
  const [only] = found;
  return found.size === 1 && only ? only : null;
}
