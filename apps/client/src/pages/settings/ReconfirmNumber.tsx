import { VERIFICATION_CODE_LENGTH } from '@exrated/content/fields';
import { Button, Group, Modal, PinInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from 'react';
import { formatPhoneForDisplay } from '../../lib/phone-format';
import { failureMessage } from '../../lib/server-error';
import { useTRPC } from '../../lib/trpc';
import { codeFromText } from '../verify/code-from-text';

const SEND_FAILED = 'We could not text you a code. Please try again.';
const CHECK_FAILED = 'That code did not work. Please try again.';

/** Asks for a fresh code, then runs `retry`: what the server refused for a proof past its lease. */
type Reconfirm = (retry: () => void) => void;

const ReconfirmContext = createContext<Reconfirm | null>(null);

/**
 * The /settings actions that loosen the number's protection or hand its data over (the export, deletion,
 * 'Do not rate me' off, texts back on) need a code from the last few minutes (docs/security.md#sessions).
 * When the server asks for one, this texts a code to the verified number, asks for it and retries the
 * action.
 */
export function ReconfirmNumberProvider({ phone, children }: { phone: string; children: ReactNode }) {
  const trpc = useTRPC();
  const send = useMutation(trpc.verification.send.mutationOptions());
  const check = useMutation(trpc.verification.check.mutationOptions());
  // The code as typed; what went wrong is the send's or the check's own failure, said the same way whichever.
  const form = useForm({ mode: 'controlled', initialValues: { code: '' } });
  const { setFieldValue } = form;
  const { code } = form.values;
  const pending = useRef<(() => void) | null>(null);
  const [opened, setOpened] = useState(false);

  const sendCode = useCallback(() => {
    setFieldValue('code', '');
    check.reset();
    send.mutate({ phoneNumber: phone });
  }, [check, send, phone, setFieldValue]);

  const reconfirm = useCallback<Reconfirm>(
    (retry) => {
      pending.current = retry;
      setOpened(true);
      sendCode();
    },
    [sendCode],
  );

  const close = () => {
    pending.current = null;
    setOpened(false);
  };

  const verify = (value: string) => {
    check.mutate(
      { phoneNumber: phone, code: value },
      {
        onSuccess: () => {
          const retry = pending.current;
          close();
          retry?.();
        },
        onError: () => setFieldValue('code', ''),
      },
    );
  };

  const error = failureMessage(send.error, SEND_FAILED) ?? failureMessage(check.error, CHECK_FAILED);
  const value = useMemo(() => reconfirm, [reconfirm]);
  return (
    <ReconfirmContext.Provider value={value}>
      {children}
      <Modal
        opened={opened}
        onClose={check.isPending ? () => undefined : close}
        title="Confirm your number"
        centered
        radius="lg"
      >
        <Stack gap="md">
          <Text size="sm">
            For your security, enter the code we texted to{' '}
            <Text span fw={700} style={{ whiteSpace: 'nowrap' }}>
              {formatPhoneForDisplay(phone)}
            </Text>
            . We then finish what you asked for.
          </Text>
          <PinInput
            length={VERIFICATION_CODE_LENGTH}
            type="number"
            inputMode="numeric"
            oneTimeCode
            autoFocus
            size="md"
            gap={8}
            value={code}
            onChange={(typed) => setFieldValue('code', codeFromText(typed) ?? typed)}
            onComplete={verify}
            error={error !== null}
            disabled={check.isPending || send.isPending}
            ariaLabel="Verification code digit"
          />
          {error ? (
            <Text c="red.4" size="sm" role="alert">
              {error}
            </Text>
          ) : null}
          <Group justify="space-between" gap="sm">
            <Button variant="subtle" size="compact-sm" onClick={sendCode} loading={send.isPending}>
              Send a new code
            </Button>
            <Group gap="sm">
              <Button variant="default" onClick={close} disabled={check.isPending}>
                Cancel
              </Button>
              <Button
                onClick={() => verify(code)}
                disabled={code.length !== VERIFICATION_CODE_LENGTH}
                loading={check.isPending}
              >
                Confirm
              </Button>
            </Group>
          </Group>
        </Stack>
      </Modal>
    </ReconfirmContext.Provider>
  );
}

/** `reconfirm(retry)` of the nearest ReconfirmNumberProvider. */
export function useReconfirmNumber(): Reconfirm {
  const reconfirm = useContext(ReconfirmContext);
  if (!reconfirm) throw new Error('useReconfirmNumber needs a ReconfirmNumberProvider');
  return reconfirm;
}
