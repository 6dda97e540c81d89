import type { FormErrors } from '@mantine/form';
import { readServerError, serverFieldErrors } from './server-error';

/** What of a @mantine/form form this needs: its field errors. */
interface FormWithErrors {
  setErrors: (errors: (current: FormErrors) => FormErrors) => void;
}

/**
 * The one way a form shows the server's refusal of its fields (docs/architecture.md#forms): each field error
 * of the failed call goes on the form's field of the same path, as `form.setFieldError` would put it. An input
 * refusal that names no field (a service's own check) goes on `refusedField` when the form names one: on a
 * one-field form, that is the field it is about. Returns the paths that got a message, so a form in steps can
 * show the step that holds them.
 */
export function showServerFieldErrors(
  form: FormWithErrors,
  error: unknown,
  { refusedField }: { refusedField?: string } = {},
): string[] {
  const fields = serverFieldErrors(error);
  const { code, message } = readServerError(error);
  if (Object.keys(fields).length === 0 && refusedField && code === 'BAD_REQUEST' && message) {
    fields[refusedField] = message;
  }
  const paths = Object.keys(fields);
  if (paths.length > 0) form.setErrors((current) => ({ ...current, ...fields }));
  return paths;
}
