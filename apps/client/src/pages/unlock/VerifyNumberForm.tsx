import { OWN_PHONE_NUMBER_MESSAGE } from '@exrated/content/phone';
import { useForm } from '@mantine/form';
import { useNavigate } from 'react-router-dom';
import { PhoneEntryForm } from '../verify/PhoneEntryForm';
import { sendCodeState } from '../verify/send-code-state';

/**
 * The unlock screen's phone form: it leads straight to the code step of /verify, which texts the code on
 * arrival. (Saving the number without a code led nowhere: the visitor still had to ask for one there.) The
 * number is checked by the phone form itself, with the rules the server applies (lib/phone-validation).
 */
export function VerifyNumberForm({ submitLabel }: { submitLabel: string }) {
  const navigate = useNavigate();
  const form = useForm({ mode: 'controlled', initialValues: { phoneNumber: '' } });
  const { phoneNumber } = form.values;
  return (
    <PhoneEntryForm
      phone={phoneNumber}
      onPhoneChange={(value) => form.setFieldValue('phoneNumber', value)}
      onSubmit={() => navigate('/verify', { state: sendCodeState(phoneNumber) })}
      busy={false}
      error={null}
      invalidMessage={OWN_PHONE_NUMBER_MESSAGE}
      submitLabel={submitLabel}
    />
  );
}
