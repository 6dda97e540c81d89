import { NOTICE_REASON_MESSAGE } from '@exrated/content/notice-fields';
import { type FormErrors, schemaResolver, useForm } from '@mantine/form';
import { z } from 'zod/mini';
import type { NoticeReason } from './notice-reasons';

/** Every notice form's values; the dialogs leave the link and the contact, which only /report asks for, empty. */
export interface NoticeFormValues {
  reason: NoticeReason | null;
  text: string;
  link: string;
  contact: string;
}

const EMPTY: NoticeFormValues = { reason: null, text: '', link: '', contact: '' };

// The reason's rule of `notice.file` and `profile.reportRating`, with their message; the server checks the
// text with the screening rules on top.
const reasonErrors = schemaResolver(z.object({ reason: z.string({ message: NOTICE_REASON_MESSAGE }) }), {
  sync: true,
});

const optionalText = (value: string) => (value.trim() === '' ? undefined : value.trim());

/**
 * A notice's form on @mantine/form (docs/architecture.md#forms): the reason and the description, with the
 * page's own rules beside the reason's; the server's refusals go on their fields (lib/form-errors).
 */
export function useNoticeForm(pageRules?: (values: NoticeFormValues) => FormErrors) {
  const form = useForm<NoticeFormValues>({
    mode: 'controlled',
    initialValues: EMPTY,
    validate: (values) => ({ ...reasonErrors(values), ...pageRules?.(values) }),
  });
  const errorOf = (field: keyof NoticeFormValues) => {
    const error = form.errors[field];
    return typeof error === 'string' ? error : null;
  };
  const { values } = form;
  return {
    form,
    /** The props of NoticeReasonFields. */
    fields: {
      reason: values.reason,
      onReasonChange: (value: NoticeReason | null) => form.setFieldValue('reason', value),
      reasonError: errorOf('reason'),
      text: values.text,
      onTextChange: (value: string) => form.setFieldValue('text', value),
      textError: errorOf('text'),
    },
    errorOf,
    /**
     * The values as the server takes them (trimmed, absent when empty) once every rule passes; otherwise the
     * fields say what is wrong and null comes back.
     */
    checked(): { reason: NoticeReason; text?: string; link?: string; contact?: string } | null {
      const { hasErrors } = form.validate();
      const current = form.getValues();
      if (hasErrors || !current.reason) return null;
      return {
        reason: current.reason,
        text: optionalText(current.text),
        link: optionalText(current.link),
        contact: optionalText(current.contact),
      };
    },
    reset: form.reset,
  };
}
