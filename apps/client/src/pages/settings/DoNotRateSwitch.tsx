import { Switch } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { notify } from '../../lib/notify';
import { userFacingMessage } from '../../lib/server-error';
import { useTRPC } from '../../lib/trpc';
import { useRefreshViewer, useViewer } from '../../lib/viewer';

/**
 * 'Do not rate me' (docs/trust-and-safety.md#rights): while on, nobody can rate the verified number; a rater
 * is told only that the number cannot be rated. Ratings already given stay (each can be reported). It can be
 * turned off.
 */
export function DoNotRateSwitch() {
  const trpc = useTRPC();
  const viewer = useViewer();
  const refreshViewer = useRefreshViewer();
  const save = useMutation(
    trpc.profile.setDoNotRate.mutationOptions({
      onSuccess: async ({ doNotRate }) => {
        notify.success(
          doNotRate
            ? { title: 'Ratings turned off', message: 'Nobody can rate your number from now on.' }
            : { title: 'Ratings turned on', message: 'People you dated can rate your number again.' },
        );
        await refreshViewer();
      },
      onError: (error) => {
        notify.error({
          title: 'Failed to update profile',
          message: userFacingMessage(error, 'Your setting was not changed. Please try again.'),
        });
      },
    }),
  );
  if (!viewer.isVerified) return null;
  const checked = save.isPending ? save.variables.doNotRate : viewer.doNotRate === true;
  return (
    <Switch
      label="Do not rate me"
      description="Nobody can rate your number while this is on. Ratings you already received stay; you can report any of them."
      checked={checked}
      disabled={save.isPending}
      onChange={(event) => save.mutate({ doNotRate: event.currentTarget.checked })}
      size="md"
    />
  );
}
