import { verificationCodeField } from '@exrated/content/fields';
import { schemaResolver, useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { z } from 'zod/mini';
import { showServerFieldErrors } from '../../lib/form-errors';
import { notify } from '../../lib/notify';
import { forgetRatingClaims, tabRatingClaims } from '../../lib/rating-claims';
import { readServerError, userFacingMessage } from '../../lib/server-error';
import { useTRPC } from '../../lib/trpc';
import { forgetTypedPhone, keepTypedPhone } from '../../lib/typed-phone';
import type { Viewer } from '../../lib/viewer';
import { readSendCodeTo } from './send-code-state';
import { sendErrorMessage } from './send-error';
import { useCountdown } from './use-countdown';

export type VerifyStep = 'phone' | 'code' | 'verified';

const VERIFY_ERROR = 'An error occurred while verifying your code. Please try again.';
const VERIFY_ERROR_TOAST = 'An error occurred during verification. Please try again.';

interface VerificationValues {
  phoneNumber: string;
  /** The code as typed so far. */
  code: string;
}

// The code is checked before it is sent with the field `verification.check` checks it with; the number was
// checked by the phone form (PhoneEntryForm) before it was sent at all.
const codeSchema = z.object({ code: verificationCodeField });
// One resolver for the flow's life: the form's setters, which the code step's listeners depend on, are
// recreated whenever its rules change.
const validateCode = schemaResolver(codeSchema, { sync: true });

/**
 * The /verify flow (docs/product.md#verification): phone entry, code sent, code entry, verified. The server
 * decides every step; this keeps what is on screen and where the visitor goes afterwards. The number and the
 * code are one @mantine/form form: a failed send is the number's error, a refused code the code's.
 */
export function useVerificationFlow(viewer: Viewer, returnTo: string | null) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const [step, setStep] = useState<VerifyStep>(viewer.isVerified ? 'verified' : 'phone');
  // Another screen (/unlock) may ask for a code to be texted on arrival.
  const sendOnArrival = readSendCodeTo(location.state);
  const form = useForm<VerificationValues>({
    mode: 'controlled',
    initialValues: { phoneNumber: sendOnArrival ?? viewer.phoneNumber ?? '', code: '' },
    validate: validateCode,
    // A refused code stays on screen while its slots are cleared: the messages go when the visitor types.
    clearInputErrorOnChange: false,
  });
  const { phoneNumber: phone, code } = form.values;
  const errorOf = (field: keyof VerificationValues) => {
    const error = form.errors[field];
    return typeof error === 'string' ? error : null;
  };
  // The screen shows before the server's first answer about this device (VerifyPage). When it comes, a number
  // the server knows is filled in unless the visitor has started typing, and a proven one moves on.
  const [answered, setAnswered] = useState(!viewer.loading);
  if (!answered && !viewer.loading) {
    setAnswered(true);
    if (viewer.isVerified) setStep('verified');
    if (viewer.phoneNumber && phone === '') form.setFieldValue('phoneNumber', viewer.phoneNumber);
  }
  const countdown = useCountdown();
  // The number the live code was texted to: going back to it while the resend wait runs returns to the code
  // step instead of asking the server again (which refuses until the wait is over).
  const [codeSentTo, setCodeSentTo] = useState<string | null>(null);
  const send = useMutation(trpc.verification.send.mutationOptions());
  const check = useMutation(trpc.verification.check.mutationOptions());
  const track = useMutation(trpc.telemetry.track.mutationOptions());

  const refreshViewer = () => queryClient.fetchQuery({ ...trpc.profile.me.queryOptions(), staleTime: 0 });

  // The phone form only submits a valid number; the server checks it again.
  const sendCode = (mode: 'first' | 'resend') => {
    form.clearFieldError('phoneNumber');
    if (mode === 'first' && phone === codeSentTo && countdown.secondsLeft > 0) {
      setStep('code');
      return;
    }
    send.mutate(
      { phoneNumber: phone },
      {
        onSuccess: (sent) => {
          keepTypedPhone(phone);
          setStep('code');
          setCodeSentTo(phone);
          form.setFieldValue('code', '');
          countdown.start(sent.resendAfterSeconds);
          notify.success({ title: 'Verification code sent! Check your phone' });
          void refreshViewer().catch(() => undefined);
        },
        onError: (error) => {
          const message = sendErrorMessage(error);
          const { retryAfterSeconds } = readServerError(error);
          // A resend refused by the server's cooldown or cap restarts the countdown with its real wait.
          if (mode === 'resend' && retryAfterSeconds) countdown.start(retryAfterSeconds);
          if (mode === 'first' && phone === codeSentTo && retryAfterSeconds) {
            // The live code was texted to this number: back to entering it, with the real wait.
            countdown.start(retryAfterSeconds);
            setStep('code');
            return;
          }
          // The number's refusal by its input rule is the field's own; any other failure is said the same way.
          if (mode === 'first' && showServerFieldErrors(form, error).includes('phoneNumber')) {
            notify.error({ message });
            return;
          }
          form.setFieldError(mode === 'resend' ? 'code' : 'phoneNumber', message);
          notify.error({ message });
        },
      },
    );
  };

  // Stable: the code step listens for pastes and WebOTP with it.
  const { setFieldValue, clearFieldError } = form;
  const enterCode = useCallback(
    (value: string) => {
      setFieldValue('code', value);
      if (value.length > 0) clearFieldError('code');
    },
    [setFieldValue, clearFieldError],
  );

  const sentOnArrival = useRef(false);
  // Texts once, on arrival, for the number handed over: an effect event reads the latest values without
  // making the effect run again when they change.
  const sendHandedOverNumber = useEffectEvent(() => {
    if (!sendOnArrival || sentOnArrival.current) return;
    sentOnArrival.current = true;
    // A reload must not text another code: the request is dropped from the history entry.
    navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
    sendCode('first');
  });
  useEffect(() => {
    sendHandedOverNumber();
  }, []);

  const verify = () => {
    if (form.validate().hasErrors) return;
    check.mutate(
      { phoneNumber: phone, code, claims: tabRatingClaims() },
      {
        onSuccess: async () => {
          forgetRatingClaims();
          forgetTypedPhone();
          notify.success({ title: 'Phone verified successfully!' });
          const fresh = await refreshViewer().catch(() => null);
          if (returnTo) navigate(returnTo, { replace: true, state: location.state });
          else if (fresh?.isUnlocked) navigate('/profile', { replace: true });
          else setStep('verified');
        },
        onError: (error) => {
          const { code: errorCode } = readServerError(error);
          form.setFieldValue('code', '');
          if (
            errorCode === 'BAD_REQUEST' ||
            errorCode === 'TOO_MANY_REQUESTS' ||
            errorCode === 'SERVICE_UNAVAILABLE'
          ) {
            // A refused code is the code's error; the server says why (wrong, expired, too many tries).
            if (!showServerFieldErrors(form, error, { refusedField: 'code' }).includes('code')) {
              form.setFieldError('code', userFacingMessage(error, VERIFY_ERROR));
            }
            return;
          }
          form.setFieldError('code', VERIFY_ERROR);
          notify.error({ message: VERIFY_ERROR_TOAST });
        },
      },
    );
  };

  return {
    step,
    phone,
    setPhone: (value: string) => {
      form.setFieldValue('phoneNumber', value);
      form.clearFieldError('phoneNumber');
    },
    code,
    setCode: enterCode,
    codeCompleted: () => track.mutate({ action: 'verification_code_input_completed' }),
    sendError: errorOf('phoneNumber'),
    checkError: errorOf('code'),
    sending: send.isPending,
    verifying: check.isPending,
    resendSecondsLeft: countdown.secondsLeft,
    sendCode: () => sendCode('first'),
    resendCode: () => sendCode('resend'),
    verify,
    changeNumber: () => {
      setStep('phone');
      form.setFieldValue('code', '');
      form.clearErrors();
    },
  };
}

export type VerificationFlowState = ReturnType<typeof useVerificationFlow>;
