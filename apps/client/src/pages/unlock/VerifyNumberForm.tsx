import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { PhoneEntryForm } from '../verify/PhoneEntryForm';
import { sendCodeState } from '../verify/send-code-state';

const INVALID_PHONE = 'Please enter a valid phone number';

/**
 * The unlock screen's phone form: it leads straight to the code step of /verify, which texts the code on
 * arrival. (Saving the number without a code led nowhere: the visitor still had to ask for one there.)
 */
export function VerifyNumberForm({ submitLabel }: { submitLabel: string }) {
  const navigate = useNavigate();
  const [phone, setPhone] = useState('');
  return (
    <PhoneEntryForm
      phone={phone}
      onPhoneChange={setPhone}
      onSubmit={() => navigate('/verify', { state: sendCodeState(phone) })}
      busy={false}
      error={null}
      invalidMessage={INVALID_PHONE}
      submitLabel={submitLabel}
    />
  );
}
