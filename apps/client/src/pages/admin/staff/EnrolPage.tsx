import {
  Alert,
  Button,
  Code,
  Container,
  Image,
  Loader,
  Paper,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { showServerFieldErrors } from '../../../lib/form-errors';
import { serverFieldErrors } from '../../../lib/server-error';
import { useTRPC } from '../../../lib/trpc';
import { cacheAdminFlag } from '../admin-session';
import { PasskeysSection } from './PasskeysSection';

const PURPOSE_TEXT = {
  invite: 'Choose your password and set up the second factor every staff login needs.',
  reset: 'Your second factor was reset. Enter your password and set up a new one.',
  first_login: 'Before the first login completes, set up the second factor every staff login needs.',
} as const;

function message(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Something went wrong, please try again.';
}

/**
 * /admin/enrol/:token, a one-time link (docs/staff.md): scan the QR code (or type the key) into an authenticator
 * app, enter its first code, and keep the recovery codes shown once at the end.
 */
export function EnrolPage() {
  const { token = '' } = useParams();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const begin = useMutation(trpc.staff.beginEnrolment.mutationOptions());
  const complete = useMutation(trpc.staff.completeEnrolment.mutationOptions());
  const form = useForm({
    mode: 'controlled',
    initialValues: { password: '', confirmation: '', code: '' },
    validate: {
      // Only an invitation chooses the password, so only it asks for the password twice.
      confirmation: (confirmation, values) =>
        begin.data?.purpose === 'invite' && confirmation !== values.password
          ? 'The two passwords differ.'
          : null,
    },
    validateInputOnChange: false,
  });
  const { password, code } = form.values;
  const { mutate: open } = begin;

  useEffect(() => {
    open({ token });
  }, [open, token]);

  if (begin.isError) {
    return (
      <Container size={480} py={64}>
        <Alert color="red" title="This link cannot be used">
          {message(begin.error)}
        </Alert>
      </Container>
    );
  }
  if (!begin.data) {
    return (
      <Container size={480} py={96} ta="center">
        <Loader aria-label="Opening the enrolment link" />
      </Container>
    );
  }
  const enrolment = begin.data;
  const choosesPassword = enrolment.purpose === 'invite';
  const asksPassword = enrolment.purpose !== 'first_login';

  if (complete.data) {
    const done = complete.data;
    return (
      <Container size={520} py={{ base: 32, sm: 64 }}>
        <Paper withBorder radius="lg" p="xl" className="glass-card">
          <Stack gap="md">
            <Title order={1} fz={24}>
              Save your recovery codes
            </Title>
            <Text size="sm">
              Each code logs you in once if you lose your phone. They are shown only now: store them somewhere
              safe, away from this device.
            </Text>
            <SimpleGrid cols={2} spacing="xs" aria-label="Recovery codes" role="list">
              {done.recoveryCodes.map((recovery) => (
                <Code key={recovery} role="listitem" fz="md" ta="center">
                  {recovery}
                </Code>
              ))}
            </SimpleGrid>
            <PasskeysSection headingOrder={2} />
            <Button
              autoFocus
              onClick={() => {
                cacheAdminFlag(true);
                queryClient.setQueryData(trpc.admin.me.queryKey(), {
                  isAdmin: true,
                  name: done.name,
                  role: done.role,
                });
                navigate(done.role === 'admin' ? '/admin' : '/admin/queue', { replace: true });
              }}
            >
              I have saved these codes
            </Button>
          </Stack>
        </Paper>
      </Container>
    );
  }

  const submit = form.onSubmit(() => {
    complete.mutate(
      { token, code, ...(asksPassword ? { password } : {}) },
      { onError: (error) => showServerFieldErrors(form, error) },
    );
  });
  // A refusal of a field is said at the field; anything else (a code that is wrong now) below the form.
  const failure =
    complete.error && Object.keys(serverFieldErrors(complete.error)).length === 0 ? complete.error : null;

  return (
    <Container size={520} py={{ base: 32, sm: 64 }}>
      <Paper withBorder radius="lg" p="xl" className="glass-card">
        <form onSubmit={submit}>
          <Stack gap="md">
            <Title order={1} fz={24}>
              Staff enrolment
            </Title>
            <Text size="sm">
              {enrolment.name} ({enrolment.login}), {enrolment.role}. {PURPOSE_TEXT[enrolment.purpose]}
            </Text>
            {asksPassword && (
              <PasswordInput
                label={choosesPassword ? 'Choose a password' : 'Your password'}
                description={choosesPassword ? 'At least 12 characters' : undefined}
                {...form.getInputProps('password')}
                autoComplete={choosesPassword ? 'new-password' : 'current-password'}
                required
              />
            )}
            {choosesPassword && (
              <PasswordInput
                label="Repeat the password"
                {...form.getInputProps('confirmation')}
                autoComplete="new-password"
                required
              />
            )}
            <Text size="sm" fw={600}>
              Scan this QR code with an authenticator app
            </Text>
            <Image
              src={enrolment.qrDataUrl}
              alt="QR code of your authenticator key"
              w={200}
              h={200}
              mx="auto"
              radius="sm"
            />
            <Text size="sm">
              Or type this key into the app: <Code data-testid="totp-key">{enrolment.secret}</Code>
            </Text>
            <TextInput
              label="Code from the app"
              description="The 6 digits it shows now"
              {...form.getInputProps('code')}
              autoComplete="one-time-code"
              inputMode="numeric"
              maxLength={6}
              required
            />
            {failure && (
              <Alert color="red" role="alert">
                {message(failure)}
              </Alert>
            )}
            <Button type="submit" loading={complete.isPending} disabled={code.length !== 6}>
              Enrol
            </Button>
          </Stack>
        </form>
      </Paper>
    </Container>
  );
}
