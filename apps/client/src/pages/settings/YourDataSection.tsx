import { Button, Group, Text } from '@mantine/core';
import { IconDownload, IconTrash } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ConfirmDialog } from '../../components/trust/ConfirmDialog';
import { downloadFile } from '../../lib/download-file';
import { notify } from '../../lib/notify';
import { asksToReconfirmNumber, userFacingMessage } from '../../lib/server-error';
import { useTRPC } from '../../lib/trpc';
import { useForgetViewer } from '../../lib/viewer';
import { useReconfirmNumber } from './ReconfirmNumber';
import { SettingsSection } from './SettingsSection';

/**
 * 'Download my data' and 'Delete my account' for the verified owner of a number (docs/data-rights.md; app
 * stores require deletion inside the app). The privacy policy says what deletion keeps and why.
 */
export function YourDataSection() {
  const trpc = useTRPC();
  const forget = useForgetViewer();
  const [confirming, setConfirming] = useState(false);
  const reconfirm = useReconfirmNumber();
  const exportData = useMutation(
    trpc.profile.exportData.mutationOptions({
      onSuccess: (data) => {
        downloadFile(
          `exrated-data-${new Date().toISOString().slice(0, 10)}.json`,
          new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }),
        );
        notify.success({ title: 'Data downloaded', message: 'Your data is in the file your browser saved.' });
      },
      onError: (error) => {
        if (asksToReconfirmNumber(error)) {
          reconfirm(() => exportData.mutate());
          return;
        }
        notify.error({
          message: userFacingMessage(error, 'We could not prepare your data. Please try again.'),
        });
      },
    }),
  );
  const deleteAccount = useMutation(
    trpc.profile.deleteAccount.mutationOptions({
      onSuccess: () => {
        setConfirming(false);
        forget({ title: 'Account deleted', message: 'Your account and the ratings you gave are deleted.' });
      },
      onError: (error) => {
        setConfirming(false);
        if (asksToReconfirmNumber(error)) {
          reconfirm(() => deleteAccount.mutate());
          return;
        }
        notify.error({
          message: userFacingMessage(error, 'We could not delete your account. Please try again.'),
        });
      },
    }),
  );

  return (
    <>
      <SettingsSection
        title="Your Data"
        description={
          <>
            Download what ExRated holds about you as the verified owner of your number, or delete your
            account. See our{' '}
            <Text component={Link} to="/privacy" span inherit td="underline">
              Privacy Policy
            </Text>{' '}
            for what we keep and why.
          </>
        }
      >
        <Group justify="space-between" gap="sm">
          <Button
            variant="default"
            leftSection={<IconDownload size={16} />}
            loading={exportData.isPending}
            onClick={() => exportData.mutate()}
          >
            Download my data
          </Button>
          <Button
            color="red"
            variant="light"
            leftSection={<IconTrash size={16} />}
            onClick={() => setConfirming(true)}
          >
            Delete my account
          </Button>
        </Group>
      </SettingsSection>
      <ConfirmDialog
        opened={confirming}
        onClose={() => setConfirming(false)}
        onConfirm={() => deleteAccount.mutate()}
        title="Delete your account?"
        confirmLabel="Delete my account"
        busy={deleteAccount.isPending}
      >
        This deletes your profile, the ratings you gave, and every session in which you verified your number,
        and removes your number, IP address and browser from their activity records. It cannot be undone.
        Ratings others gave you stay, and can still be reported.
      </ConfirmDialog>
    </>
  );
}
