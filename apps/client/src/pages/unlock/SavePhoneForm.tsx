import { IconShieldLock } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { notify } from '../../lib/notify';
import { userFacingMessage } from '../../lib/server-error';
import { useTRPC } from '../../lib/trpc';
import { useRefreshViewer } from '../../lib/viewer';
import { PhoneEntryForm } from '../verify/PhoneEntryForm';
import { VerifyCard } from '../verify/VerifyCard';

const INVALID_PHONE = 'Please enter a valid phone number';
const SAVE_ERROR = 'There was an error saving your profile. Please try again.';

/**
 * 'Verify It's You': keeps the number on this device, unproven. The page then moves on to /verify, where a
 * code proves it; saving alone grants nothing.
 */
export function SavePhoneForm() {
  const trpc = useTRPC();
  const refreshViewer = useRefreshViewer();
  const [phone, setPhone] = useState('');
  const [error, setError] = useState<string | null>(null);
  const save = useMutation(trpc.profile.savePhone.mutationOptions());

  const submit = () => {
    setError(null);
    save.mutate(
      { phoneNumber: phone },
      {
        onSuccess: async () => {
          notify.success({ title: 'Your phone number has been saved successfully.' });
          await refreshViewer();
        },
        onError: (failure) => {
          const message = userFacingMessage(failure, SAVE_ERROR);
          setError(message);
          notify.error({ message });
        },
      },
    );
  };

  return (
    <VerifyCard
      icon={<IconShieldLock size={28} stroke={1.6} />}
      title="Verify It's You"
      subtitle="Please confirm you own this number to continue."
    >
      <PhoneEntryForm
        phone={phone}
        onPhoneChange={(value) => {
          setPhone(value);
          setError(null);
        }}
        onSubmit={submit}
        busy={save.isPending}
        error={error}
        invalidMessage={INVALID_PHONE}
        submitLabel="Verify My Number"
        busyLabel="Saving..."
      />
    </VerifyCard>
  );
}
