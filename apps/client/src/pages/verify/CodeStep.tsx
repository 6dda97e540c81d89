import { VERIFICATION_CODE_LENGTH } from '@exrated/content/fields';
import { Button, Group, PinInput, Stack, Text } from '@mantine/core';
import { IconMessage2Check } from '@tabler/icons-react';
import { type FormEvent, useEffect, useRef } from 'react';
import { PRIMARY_ACTION_PROPS } from '../../components/StatusCard';
import { formatPhoneForDisplay } from '../../lib/phone-format';
import { codeFromText } from './code-from-text';
import { formatWait } from './send-error';
import { useWebOtp } from './use-web-otp';
import { VerifyCard } from './VerifyCard';

interface CodeStepProps {
  phone: string;
  code: string;
  onCodeChange: (code: string) => void;
  onCodeComplete: () => void;
  onVerify: () => void;
  verifying: boolean;
  error: string | null;
  resendSecondsLeft: number;
  onResend: () => void;
  resending: boolean;
  onChangeNumber: () => void;
}

/** Step 2: the six digits from the text, the resend link with its countdown, and a way back. */
export function CodeStep(props: CodeStepProps) {
  const { phone, code, error, resendSecondsLeft, verifying, resending } = props;
  const slots = useRef<HTMLDivElement>(null);
  const { onCodeChange } = props;
  // A code pasted anywhere on the step (or auto-filled into any slot) fills all six slots, whatever text
  // came with it: the slots alone would only take digits pasted into them.
  useEffect(() => {
    const onPaste = (event: ClipboardEvent) => {
      const found = codeFromText(event.clipboardData?.getData('text/plain') ?? '');
      if (!found) return;
      event.preventDefault();
      event.stopPropagation();
      onCodeChange(found);
    };
    document.addEventListener('paste', onPaste, { capture: true });
    return () => document.removeEventListener('paste', onPaste, { capture: true });
  }, [onCodeChange]);
  useWebOtp(onCodeChange);
  // A refused code is cleared: put the cursor back in the first slot so the next try is just typing.
  useEffect(() => {
    if (error) slots.current?.querySelector<HTMLInputElement>('input:not([type="hidden"])')?.focus();
  }, [error]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onVerify();
  };
  return (
    <VerifyCard
      icon={<IconMessage2Check size={28} stroke={1.6} />}
      title="Enter your code"
      subtitle={
        <>
          We sent a 6-digit code to{' '}
          <Text span fw={700} c="white" style={{ whiteSpace: 'nowrap' }}>
            {formatPhoneForDisplay(phone)}
          </Text>
          . It expires in 10 minutes.
        </>
      }
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md" align="center">
          <PinInput
            rootRef={slots}
            length={VERIFICATION_CODE_LENGTH}
            type="number"
            inputMode="numeric"
            oneTimeCode
            autoFocus
            // Six 42 px slots fit the card on a 375 px phone.
            size="md"
            gap={8}
            value={code}
            onChange={(value) => onCodeChange(codeFromText(value) ?? value)}
            onComplete={props.onCodeComplete}
            error={error !== null}
            disabled={verifying}
            ariaLabel="Verification code digit"
          />
          {error ? (
            <Text c="red.4" size="sm" ta="center" role="alert">
              {error}
            </Text>
          ) : null}
          <Button
            type="submit"
            {...PRIMARY_ACTION_PROPS}
            fullWidth
            disabled={code.length !== VERIFICATION_CODE_LENGTH}
            loading={verifying}
          >
            Verify and View Ratings
          </Button>
          <Group gap={4} justify="center">
            <Text size="sm" c="dimmed">
              Didn't get it?
            </Text>
            <Button
              variant="subtle"
              size="compact-sm"
              onClick={props.onResend}
              disabled={resendSecondsLeft > 0 || verifying}
              loading={resending}
            >
              {resendSecondsLeft > 0 ? `Resend code in ${formatWait(resendSecondsLeft)}` : 'Resend code'}
            </Button>
          </Group>
          {/* The server answers a number that replied STOP like any other (whoever typed it must not learn
              that), so whoever gets no code is told here what the owner of such a number can do. */}
          <Text size="xs" c="dimmed" ta="center">
            If you once replied STOP to ExRated, reply START to any of our texts first.
          </Text>
          <Button
            variant="subtle"
            color="gray"
            size="compact-sm"
            onClick={props.onChangeNumber}
            disabled={verifying}
          >
            Use a different phone number
          </Button>
        </Stack>
      </form>
    </VerifyCard>
  );
}
