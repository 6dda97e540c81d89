import { Alert, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { browserSupportsWebAuthn, startRegistration } from '@simplewebauthn/browser';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { showServerFieldErrors } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { useTRPC } from '../../../lib/trpc';
import { formatDateTime } from '../admin-format';
import { passkeyFailure } from './passkey-failure';

/**
 * The caller's own passkeys (docs/staff.md#passkeys): named, listed, removable, and a form that registers one
 * on this device or a security key. Where the browser has no WebAuthn the section says so and offers nothing.
 */
export function PasskeysSection({ headingOrder = 2 }: { headingOrder?: 2 | 3 }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const supported = browserSupportsWebAuthn();
  const list = useQuery(trpc.staff.passkeys.queryOptions());
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.staff.passkeys.queryKey() });
  const options = useMutation(trpc.staff.passkeyRegistrationOptions.mutationOptions());
  const add = useMutation(trpc.staff.addPasskey.mutationOptions());
  const remove = useMutation(
    trpc.staff.removePasskey.mutationOptions({
      onSuccess: refresh,
      onError: (error) => notify.error({ title: 'Not removed', message: passkeyFailure(error) }),
    }),
  );
  const form = useForm({ mode: 'controlled', initialValues: { name: '' } });
  const { name } = form.values;
  // The ceremony's state: the browser's prompt is open, or it (or the server) said no.
  const [adding, setAdding] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    setAdding(true);
    try {
      const optionsJSON = await options.mutateAsync();
      const response = await startRegistration({ optionsJSON });
      await add.mutateAsync({ name: values.name, response });
      form.reset();
      notify.success({ title: 'Passkey added', message: `'${values.name.trim()}' can now log you in.` });
      await refresh();
    } catch (error) {
      // A refused name is the name's error; the ceremony's failures are said below the form.
      if (showServerFieldErrors(form, error).length === 0) setFailure(passkeyFailure(error));
    } finally {
      setAdding(false);
    }
  });

  const passkeys = list.data ?? [];
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={headingOrder} fz="lg">
          Passkeys
        </Title>
        <Text size="sm" c="dimmed">
          A passkey on this device or on a security key can stand in for the app's 6-digit code when you log
          in. The app and your recovery codes keep working.
        </Text>
        {passkeys.length > 0 ? (
          <Stack gap="xs" component="ul" aria-label="Your passkeys" m={0} p={0} style={{ listStyle: 'none' }}>
            {passkeys.map((passkey) => (
              <Group
                key={passkey.id}
                component="li"
                justify="space-between"
                wrap="wrap"
                gap="xs"
                py={4}
                style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
              >
                <Stack gap={0} miw={0} style={{ flex: '1 1 12rem' }}>
                  <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {passkey.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    Added {formatDateTime(passkey.createdAt)} · last used{' '}
                    {passkey.lastUsedAt ? formatDateTime(passkey.lastUsedAt) : 'never'}
                  </Text>
                </Stack>
                <Button
                  size="xs"
                  color="red"
                  variant="light"
                  disabled={remove.isPending}
                  aria-label={`Remove passkey ${passkey.name}`}
                  onClick={() => {
                    if (
                      window.confirm(`Remove the passkey '${passkey.name}'? It will no longer log you in.`)
                    ) {
                      remove.mutate({ id: passkey.id });
                    }
                  }}
                >
                  Remove
                </Button>
              </Group>
            ))}
          </Stack>
        ) : (
          <Text size="sm">{list.isLoading ? 'Loading…' : 'No passkey yet.'}</Text>
        )}
        {supported ? (
          <form onSubmit={submit}>
            <Group align="flex-end" gap="sm" wrap="wrap">
              <TextInput
                label="Name of the new passkey"
                description="Where it is, e.g. 'Work laptop' or 'Blue key'"
                {...form.getInputProps('name')}
                maxLength={60}
                required
                style={{ flex: '1 1 14rem' }}
              />
              <Button type="submit" loading={adding} disabled={name.trim() === ''}>
                Add a passkey
              </Button>
            </Group>
          </form>
        ) : (
          <Text size="sm" c="dimmed">
            This browser cannot use passkeys. Use the authenticator app, or open this page in a browser that
            can.
          </Text>
        )}
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
