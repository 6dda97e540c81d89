import { PHONE_NUMBER_MESSAGE } from '@exrated/content/phone';
import { Alert } from '@mantine/core';
import { IconDeviceMobileMessage, IconInfoCircle } from '@tabler/icons-react';
import { PhoneEntryForm, type PhoneEntryFormProps } from './PhoneEntryForm';
import { VerifyCard } from './VerifyCard';

// Why a visitor who only wanted to rate is asked for their own number first (docs/architecture.md#ratings: a
// rating counts once a person stands behind it).
const RETURNING_TO_RATE = {
  'shared-link':
    "Everyone proves their own number before rating from a shared link, so every rating has a real person behind it. Then you'll go straight back to the form, with their number filled in.",
  form: "Everyone proves their own number before rating, so every rating has a real person behind it. Then you'll go straight back to rating.",
} as const;

interface PhoneStepProps extends Pick<PhoneEntryFormProps, 'phone' | 'onPhoneChange' | 'onSubmit' | 'error'> {
  sending: boolean;
  /** Set when the visitor was sent here to verify before rating: from a shared link, or from the form. */
  returningToRate: 'shared-link' | 'form' | null;
}

/** Step 1: the phone number the code goes to. */
export function PhoneStep({ sending, returningToRate, ...entry }: PhoneStepProps) {
  return (
    <VerifyCard
      icon={<IconDeviceMobileMessage size={28} stroke={1.6} />}
      title="Verify your phone"
      subtitle="We'll text you a 6-digit code to confirm the number is yours."
    >
      <PhoneEntryForm
        {...entry}
        busy={sending}
        invalidMessage={PHONE_NUMBER_MESSAGE}
        submitLabel="Send Verification Code"
        notice={
          returningToRate ? (
            <Alert variant="light" color="yellow" icon={<IconInfoCircle size={18} />}>
              {RETURNING_TO_RATE[returningToRate]}
            </Alert>
          ) : null
        }
      />
    </VerifyCard>
  );
}
