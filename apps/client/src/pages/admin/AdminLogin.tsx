import { Button, Container, Paper, PasswordInput, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { notify } from '../../lib/notify';
import { useTRPC } from '../../lib/trpc';
import { cacheAdminFlag } from './admin-session';

function errorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Invalid password';
}

export function AdminLogin() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [password, setPassword] = useState('');
  const login = useMutation(
    trpc.admin.login.mutationOptions({
      onSuccess: () => {
        cacheAdminFlag(true);
        queryClient.setQueryData(trpc.admin.me.queryKey(), { isAdmin: true });
        notify.success({ title: 'Login successful', message: 'Welcome to the admin dashboard' });
      },
      onError: (error) => {
        setPassword('');
        // 'Invalid password' for a wrong password; a lockout says when to try again.
        notify.error({ title: 'Login failed', message: errorMessage(error) });
      },
    }),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password) login.mutate({ password });
  };

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
            <PasswordInput
              label="Admin Password"
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
              autoComplete="current-password"
              autoFocus
              required
              disabled={login.isPending}
            />
            <Button type="submit" loading={login.isPending} disabled={!password} fullWidth>
              Login
            </Button>
          </Stack>
        </form>
      </Paper>
    </Container>
  );
}
