import type { FormErrors } from '@mantine/form';
import { readServerError, serverFieldErrors } from './server-error';

/** What of a @mantine/form form this needs: its field errors. */
interface FormWithErrors {
  setErrors: (errors: (current: FormErrors) => FormErrors) => void;
}

interface Options {
  /** Where an input refusal that names no field (a service's own check) goes: the field it is about. */
  refusedField?: string;
  /** The form's path of a server field it names otherwise (the link a person pastes for its id). */
  renamed?: Record<string, string>;
}

/**
 * The one way a form shows the server's refusal of its fields (docs/architecture.md#forms): each field error
 * of the failed call goes on the form's field of the same path, as `form.setFieldError` would put it. Returns
 * the paths that got a message, so a form in steps can show the step that holds them and a form can tell a
 * refusal of its fields from a failure of the call.
 */
export function showServerFieldErrors(
  form: FormWithErrors,
  error: unknown,
  { refusedField, renamed = {} }: Options = {},
): string[] {
  const fields = Object.fromEntries(
    Object.entries(serverFieldErrors(error)).map(([path, message]) => [renamed[path] ?? path, message]),
  );
  const { code, message } = readServerError(error);
  if (Object.keys(fields).length === 0 && refusedField && code === 'BAD_REQUEST' && message) {
    fields[refusedField] = message;
  }
  const paths = Object.keys(fields);
  if (paths.length > 0) form.setErrors((current) => ({ ...current, ...fields }));
  return paths;
}
