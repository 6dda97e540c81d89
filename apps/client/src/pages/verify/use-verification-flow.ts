import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { notify } from '../../lib/notify';
import { readServerError, userFacingMessage } from '../../lib/server-error';
import { useTRPC } from '../../lib/trpc';
import type { Viewer } from '../../lib/viewer';
import { CODE_LENGTH } from './code-length';
import { readSendCodeTo } from './send-code-state';
import { sendErrorMessage } from './send-error';
import { useCountdown } from './use-countdown';

export type VerifyStep = 'phone' | 'code' | 'verified';

const INCOMPLETE_CODE = 'Please enter the complete 6-digit code';
const VERIFY_ERROR = 'An error occurred while verifying your code. Please try again.';
const VERIFY_ERROR_TOAST = 'An error occurred during verification. Please try again.';

/**
 * The /verify flow (docs/product.md#verification): phone entry, code sent, code entry, verified. The server
 * decides every step; this keeps what is on screen and where the visitor goes afterwards.
 */
export function useVerificationFlow(viewer: Viewer, returnTo: string | null) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const [step, setStep] = useState<VerifyStep>(viewer.isVerified ? 'verified' : 'phone');
  // Another screen (/unlock) may ask for a code to be texted on arrival.
  const sendOnArrival = readSendCodeTo(location.state);
  const [phone, setPhone] = useState(sendOnArrival ?? viewer.phoneNumber ?? '');
  const [code, setCode] = useState('');
  // The screen shows before the server's first answer about this device (VerifyPage). When it comes, a number
  // the server knows is filled in unless the visitor has started typing, and a proven one moves on.
  const [answered, setAnswered] = useState(!viewer.loading);
  if (!answered && !viewer.loading) {
    setAnswered(true);
    if (viewer.isVerified) setStep('verified');
    if (viewer.phoneNumber && phone === '') setPhone(viewer.phoneNumber);
  }
  const [sendError, setSendError] = useState<string | null>(null);
  const [checkError, setCheckError] = useState<string | null>(null);
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
    setSendError(null);
    if (mode === 'first' && phone === codeSentTo && countdown.secondsLeft > 0) {
      setStep('code');
      return;
    }
    send.mutate(
      { phoneNumber: phone },
      {
        onSuccess: (sent) => {
          setStep('code');
          setCodeSentTo(phone);
          setCode('');
          setCheckError(null);
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
          if (mode === 'resend') setCheckError(message);
          else setSendError(message);
          notify.error({ message });
        },
      },
    );
  };

  // Stable: the code step listens for pastes and WebOTP with it.
  const enterCode = useCallback((value: string) => {
    setCode(value);
    if (value.length > 0) setCheckError(null);
  }, []);

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
    if (code.length !== CODE_LENGTH) {
      setCheckError(INCOMPLETE_CODE);
      return;
    }
    setCheckError(null);
    check.mutate(
      { phoneNumber: phone, code },
      {
        onSuccess: async () => {
          notify.success({ title: 'Phone verified successfully!' });
          const fresh = await refreshViewer().catch(() => null);
          if (returnTo) navigate(returnTo, { replace: true, state: location.state });
          else if (fresh?.isUnlocked) navigate('/profile', { replace: true });
          else setStep('verified');
        },
        onError: (error) => {
          const { code: errorCode } = readServerError(error);
          setCode('');
          if (
            errorCode === 'BAD_REQUEST' ||
            errorCode === 'TOO_MANY_REQUESTS' ||
            errorCode === 'SERVICE_UNAVAILABLE'
          ) {
            setCheckError(userFacingMessage(error, VERIFY_ERROR));
            return;
          }
          setCheckError(VERIFY_ERROR);
          notify.error({ message: VERIFY_ERROR_TOAST });
        },
      },
    );
  };

  return {
    step,
    phone,
    setPhone: (value: string) => {
      setPhone(value);
      setSendError(null);
    },
    code,
    setCode: enterCode,
    codeCompleted: () => track.mutate({ action: 'verification_code_input_completed' }),
    sendError,
    checkError,
    sending: send.isPending,
    verifying: check.isPending,
    resendSecondsLeft: countdown.secondsLeft,
    sendCode: () => sendCode('first'),
    resendCode: () => sendCode('resend'),
    verify,
    changeNumber: () => {
      setStep('phone');
      setCode('');
      setCheckError(null);
      setSendError(null);
    },
  };
}

export type VerificationFlowState = ReturnType<typeof useVerificationFlow>;
