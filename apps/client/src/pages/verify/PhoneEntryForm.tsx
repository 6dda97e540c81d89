import { Alert, Button, Skeleton, Stack } from '@mantine/core';
import { type FormEvent, lazy, type ReactNode, Suspense, useEffect } from 'react';
import { PRIMARY_ACTION_PROPS } from '../../components/StatusCard';
import { afterNextPaint } from '../../lib/after-paint';
import { useDefaultCountry } from '../../lib/default-country';
import { usePhoneValidator } from '../../lib/use-phone-validator';

// The phone field and its country data load beside the screen's text instead of before it: the card shows at
// once, with a placeholder where the field goes (as it does while the country is looked up).
export const loadPhoneNumberInput = () => import('../../components/phone-input/PhoneNumberInput');
const PhoneNumberInput = lazy(() =>
  loadPhoneNumberInput().then((module) => ({ default: module.PhoneNumberInput })),
);

// Guernsey, Jersey and the Isle of Man dial +44 too, but codes are only texted to the four countries.
const UNSUPPORTED_COUNTRY =
  'Codes can only be texted to mobile numbers in the USA, UK, Canada and Australia (not Guernsey, Jersey or the Isle of Man).';

export interface PhoneEntryFormProps {
  phone: string;
  onPhoneChange: (phone: string) => void;
  onSubmit: () => void;
  busy: boolean;
  /** What went wrong on the last submit, shown under the field. */
  error: string | null;
  /** The field's message while the number is not valid (the two screens word it differently). */
  invalidMessage: string;
  submitLabel: string;
  /** Shown on the button while busy; without it the button shows a spinner. */
  busyLabel?: string;
  notice?: ReactNode;
}

/** The phone number form of /verify and /unlock: the shared phone input, the error, one submit button. */
export function PhoneEntryForm(props: PhoneEntryFormProps) {
  const { phone, busy, error, busyLabel } = props;
  const country = useDefaultCountry();
  const codeTextProblem = usePhoneValidator();
  const problem = codeTextProblem ? codeTextProblem(phone) : 'invalid';
  const valid = problem === null;
  // Fetched while the country is looked up, not after; but after the card's text is on screen.
  useEffect(() => afterNextPaint(() => void loadPhoneNumberInput()), []);
  const fieldPlaceholder = <Skeleton height={84} radius="md" aria-label="Loading the phone number field" />;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The button is disabled until then (so Enter does nothing either): `onSubmit` only ever gets a valid number.
    if (valid) props.onSubmit();
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {props.notice}
        {country.isPending ? (
          fieldPlaceholder
        ) : (
          <Suspense fallback={fieldPlaceholder}>
            <PhoneNumberInput
              value={phone}
              onChange={props.onPhoneChange}
              defaultCountry={country.data?.country}
              error={problem === 'country' ? UNSUPPORTED_COUNTRY : valid ? null : props.invalidMessage}
              disabled={busy}
            />
          </Suspense>
        )}
        {error ? (
          <Alert variant="light" color="red" role="alert">
            {error}
          </Alert>
        ) : null}
        {/* Disabled until the number is valid: the field itself says what is wrong once touched. */}
        <Button
          type="submit"
          {...PRIMARY_ACTION_PROPS}
          fullWidth
          loading={busy && !busyLabel}
          disabled={!valid || (busy && Boolean(busyLabel))}
        >
          {busy && busyLabel ? busyLabel : props.submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
