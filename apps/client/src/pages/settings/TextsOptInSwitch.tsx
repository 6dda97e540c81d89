import { Anchor, Switch } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { notify } from '../../lib/notify';
import { userFacingMessage } from '../../lib/server-error';
import { useTRPC } from '../../lib/trpc';
import { useRefreshViewer, useViewer } from '../../lib/viewer';

/**
 * 'Text me when someone rates me' (docs/trust-and-safety.md#opt-out): turns rating texts to the proven phone
 * off, or back on after a 'Stop texting this number' or a STOP reply. Only a verified number can change it.
 */
export function TextsOptInSwitch() {
  const trpc = useTRPC();
  const viewer = useViewer();
  const refreshViewer = useRefreshViewer();
  const save = useMutation(
    trpc.profile.setTextsOptIn.mutationOptions({
      onSuccess: async ({ textsOptIn }) => {
        notify.success(
          textsOptIn
            ? { title: 'Texts turned on', message: 'We will text you when someone rates you.' }
            : { title: 'Texts turned off', message: 'You will not get any more texts from ExRated.' },
        );
        await refreshViewer();
      },
      onError: (error) => {
        notify.error({
          title: 'Failed to update profile',
          message: userFacingMessage(error, 'Your text setting was not changed. Please try again.'),
        });
      },
    }),
  );

  const checked = save.isPending ? save.variables.optIn : viewer.textsOptIn === true;
  return (
    <Switch
      label="Text me when someone rates me"
      description={
        viewer.isVerified ? (
          'A text with a link when someone rates you. Codes you ask for to verify your number always arrive.'
        ) : (
          <>
            <Anchor component={Link} to="/verify" size="xs">
              Verify your number
            </Anchor>{' '}
            to turn texts about ratings on or off.
          </>
        )
      }
      checked={checked}
      disabled={!viewer.isVerified || save.isPending}
      onChange={(event) => save.mutate({ optIn: event.currentTarget.checked })}
      size="md"
    />
  );
}
