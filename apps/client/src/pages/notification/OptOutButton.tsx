import { Alert, Button, Paper, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconMessageOff } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/trust/ConfirmDialog';
import { notify } from '../../lib/notify';
import { userFacingMessage } from '../../lib/server-error';
import { useTRPC } from '../../lib/trpc';

const STOPPED = 'You will not get any more texts from ExRated.';

/**
 * 'Stop texting this number' on the /r/:guid landing (docs/trust-and-safety.md#opt-out): one tap, after a
 * confirmation, stops rating texts to the number this link was texted to. Verification codes the person asks
 * for still go.
 */
export function OptOutButton({ notificationId }: { notificationId: string | undefined }) {
  const trpc = useTRPC();
  const [confirming, setConfirming] = useState(false);
  const optOut = useMutation(
    trpc.notification.optOut.mutationOptions({
      onSuccess: () => {
        setConfirming(false);
        notify.success({ title: 'Texts stopped', message: STOPPED });
      },
      onError: (error) => {
        setConfirming(false);
        notify.error({ message: userFacingMessage(error, 'We could not stop the texts. Please try again.') });
      },
    }),
  );
  const id = notificationId?.trim();
  if (!id) return null;

  if (optOut.isSuccess) {
    return (
      <Alert
        mt="lg"
        radius="md"
        color="teal"
        variant="light"
        icon={<IconCircleCheck size={20} />}
        title="Texts stopped"
        role="status"
      >
        {STOPPED} Codes you ask for to verify your number still arrive, and you can turn rating texts back on
        in Settings.
      </Alert>
    );
  }

  return (
    <Paper mt="lg" p="md" radius="md" withBorder className="glass-card">
      <Stack gap="xs" align="center" ta="center">
        <Text size="sm" c="dimmed">
          Don't want texts about ratings? We will stop texting this number.
        </Text>
        <Button
          variant="subtle"
          color="gray"
          leftSection={<IconMessageOff size={16} />}
          onClick={() => setConfirming(true)}
        >
          Stop texting this number
        </Button>
      </Stack>
      <ConfirmDialog
        opened={confirming}
        onClose={() => setConfirming(false)}
        onConfirm={() => optOut.mutate({ id })}
        title="Stop texts from ExRated?"
        confirmLabel="Stop texting me"
        busy={optOut.isPending}
      >
        We will not text this number again when someone rates it. Your ratings stay available on ExRated, and
        codes you ask for to verify your number still arrive. You can turn texts back on in Settings.
      </ConfirmDialog>
    </Paper>
  );
}
