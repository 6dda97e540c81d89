import { useState } from 'react';
import type { NoticeReason } from './notice-reasons';

export const CHOOSE_A_REASON = 'Please choose why you are reporting this.';

/** The state of a notice's reason and description, and the check before sending. */
export function useNoticeForm() {
  const [reason, setReason] = useState<NoticeReason | null>(null);
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [text, setText] = useState('');
  return {
    fields: {
      reason,
      onReasonChange: (value: NoticeReason | null) => {
        setReason(value);
        setReasonError(null);
      },
      reasonError,
      text,
      onTextChange: setText,
    },
    /** The reason when one is chosen; otherwise the field says so and null comes back. */
    checkedReason(): NoticeReason | null {
      if (!reason) setReasonError(CHOOSE_A_REASON);
      return reason;
    },
    /** The description as the server takes it: trimmed, absent when empty. */
    text: text.trim() === '' ? undefined : text.trim(),
    reset() {
      setReason(null);
      setReasonError(null);
      setText('');
    },
  };
}
