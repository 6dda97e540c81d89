import { Alert } from '@mantine/core';
import { IconDeviceMobileMessage, IconInfoCircle } from '@tabler/icons-react';
import { PhoneEntryForm } from './PhoneEntryForm';
import { VerifyCard } from './VerifyCard';

export const INVALID_PHONE_MESSAGE = 'Please enter a valid phone number with country code';

interface PhoneStepProps {
  phone: string;
  onPhoneChange: (phone: string) => void;
  onSubmit: () => void;
  sending: boolean;
  error: string | null;
  /** Shown when the visitor was sent here to verify before rating. */
  returningToRate: boolean;
}

/** Step 1: the phone number the code goes to. */
export function PhoneStep({
  phone,
  onPhoneChange,
  onSubmit,
  sending,
  error,
  returningToRate,
}: PhoneStepProps) {
  return (
    <VerifyCard
      icon={<IconDeviceMobileMessage size={28} stroke={1.6} />}
      title="Verify your phone"
      subtitle="We'll text you a 6-digit code to confirm the number is yours."
    >
      <PhoneEntryForm
        phone={phone}
        onPhoneChange={onPhoneChange}
        onSubmit={onSubmit}
        busy={sending}
        error={error}
        invalidMessage={INVALID_PHONE_MESSAGE}
        submitLabel="Send Verification Code"
        notice={
          returningToRate ? (
            <Alert variant="light" color="yellow" icon={<IconInfoCircle size={18} />}>
              Verify your number first, then you'll go straight back to rating.
            </Alert>
          ) : null
        }
      />
    </VerifyCard>
  );
}
