import { NOTICE_TEXT_MAX } from '@exrated/content/notice-fields';
import { Select, Textarea } from '@mantine/core';
import { isNoticeReason, NOTICE_REASON_OPTIONS, type NoticeReason } from './notice-reasons';

interface NoticeReasonFieldsProps {
  reason: NoticeReason | null;
  onReasonChange: (reason: NoticeReason | null) => void;
  reasonError: string | null;
  text: string;
  onTextChange: (text: string) => void;
  textError?: string | null;
  /** The description is what the notice is about when no rating is named: then it is required. */
  textRequired?: boolean;
  textLabel?: string;
}

/** The reason and the description of a notice: one pair of fields for every place a notice is filed. */
export function NoticeReasonFields({
  reason,
  onReasonChange,
  reasonError,
  text,
  onTextChange,
  textError = null,
  textRequired = false,
  textLabel = 'Anything you want to add (optional)',
}: NoticeReasonFieldsProps) {
  return (
    <>
      <Select
        label="Why are you reporting it?"
        placeholder="Choose a reason"
        data={NOTICE_REASON_OPTIONS}
        value={reason}
        onChange={(value) => onReasonChange(isNoticeReason(value) ? value : null)}
        error={reasonError}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
        required
      />
      <Textarea
        label={textLabel}
        description="Please leave out phone numbers, emails and links."
        value={text}
        onChange={(event) => onTextChange(event.currentTarget.value)}
        error={textError}
        maxLength={NOTICE_TEXT_MAX}
        autosize
        minRows={3}
        maxRows={8}
        required={textRequired}
      />
    </>
  );
}
