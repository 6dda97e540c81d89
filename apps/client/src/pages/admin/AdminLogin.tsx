import {
  Button,
  Container,
  Divider,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { browserSupportsWebAuthn, startAuthentication } from '@simplewebauthn/browser';
import { IconFingerprint, IconShieldLock } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { notify } from '../../lib/notify';
import { useTRPC } from '../../lib/trpc';
import { cacheAdminFlag } from './admin-session';
import { passkeyFailure } from './staff/passkey-failure';

function errorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Invalid password';
}

/**
 * The staff login (docs/staff.md): the account's name or e-mail, the password and the code of the second
 * factor (an authenticator app's 6 digits, or one of the recovery codes), or a passkey in place of the code
 * where the browser has them. The first admin's very first login goes on to enrol its second factor.
 */
export function AdminLogin() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // The server's one answer for a wrong name, password or code is a toast, never a field's error: a field
  // would tell which of them was wrong.
  const form = useForm({ mode: 'controlled', initialValues: { account: '', password: '', code: '' } });
  const { account, password } = form.values;
  const login = useMutation(
    trpc.admin.login.mutationOptions({
      onSuccess: (result) => {
        if (result.status === 'enrol') {
          navigate(`/admin/enrol/${result.token}`);
          return;
        }
        cacheAdminFlag(true);
        queryClient.setQueryData(trpc.admin.me.queryKey(), {
          isAdmin: true,
          name: result.name,
          role: result.role,
        });
        notify.success({ title: 'Login successful', message: 'Welcome to the admin dashboard' });
      },
      onError: (error) => {
        form.setValues({ password: '', code: '' });
        // One message for a wrong password or code; a lockout says when to try again.
        notify.error({ title: 'Login failed', message: errorMessage(error) });
      },
    }),
  );

  const submit = form.onSubmit((values) => {
    if (values.account && values.password) {
      login.mutate({
        account: values.account,
        password: values.password,
        ...(values.code ? { code: values.code } : {}),
      });
    }
  });

  const supportsPasskeys = browserSupportsWebAuthn();
  const passkeyOptions = useMutation(trpc.staff.passkeyLoginOptions.mutationOptions());
  const [askingPasskey, setAskingPasskey] = useState(false);
  // The name and password are checked with the passkey's answer, in the one login call that counts.
  const loginWithPasskey = async () => {
    if (!account || !password) return;
    setAskingPasskey(true);
    try {
      const { attempt, options } = await passkeyOptions.mutateAsync({ account });
      const response = await startAuthentication({ optionsJSON: options });
      login.mutate({ account, password, passkey: { attempt, response } });
    } catch (error) {
      notify.error({ title: 'Login failed', message: passkeyFailure(error) });
    } finally {
      setAskingPasskey(false);
    }
  };
  const busy = login.isPending || askingPasskey;

  return (
    <Container size={420} py={{ base: 48, sm: 80 }}>
      <Paper withBorder radius="lg" p="xl" className="glass-card">
        <form onSubmit={submit}>
          <Stack gap="md">
            <Stack align="center" gap="xs" ta="center">
              <ThemeIcon size={56} radius="xl" variant="light">
                <IconShieldLock size={28} stroke={1.6} />
              </ThemeIcon>
              <Title order={1} fz={26}>
                Admin Login
              </Title>
              <Text c="dimmed" size="sm">
                Protected area for administrators only
              </Text>
            </Stack>
            <TextInput
              label="Name or e-mail"
              {...form.getInputProps('account')}
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              autoFocus
              required
              disabled={busy}
            />
            <PasswordInput
              label="Admin Password"
              {...form.getInputProps('password')}
              autoComplete="current-password"
              required
              disabled={busy}
            />
            <TextInput
              label="Authentication code"
              description="The 6 digits your authenticator app shows, or a recovery code"
              {...form.getInputProps('code')}
              autoComplete="one-time-code"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={20}
              disabled={busy}
            />
            <Button
              type="submit"
              loading={login.isPending && !askingPasskey}
              disabled={!account || !password || askingPasskey}
              fullWidth
            >
              Login
            </Button>
            {supportsPasskeys && (
              <>
                <Divider label="or, in place of the code" labelPosition="center" />
                <Button
                  variant="default"
                  leftSection={<IconFingerprint size={18} stroke={1.6} />}
                  onClick={loginWithPasskey}
                  loading={askingPasskey}
                  disabled={!account || !password || login.isPending}
                  fullWidth
                >
                  Log in with a passkey
                </Button>
              </>
            )}
          </Stack>
        </form>
      </Paper>
    </Container>
  );
}
