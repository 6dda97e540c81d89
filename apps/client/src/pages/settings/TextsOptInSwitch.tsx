import { Anchor, Switch } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useTRPC } from '../../lib/trpc';
import { useViewer } from '../../lib/viewer';
import { useSettingMutation } from './use-setting-mutation';

/**
 * 'Text me when someone rates me' (docs/trust-and-safety.md#opt-out): turns rating texts to the proven phone
 * off, or back on after a 'Stop texting this number' or a STOP reply. Only a verified number can change it.
 */
export function TextsOptInSwitch() {
  const trpc = useTRPC();
  const viewer = useViewer();
  const save = useSettingMutation(trpc.profile.setTextsOptIn.mutationOptions(), {
    isOn: ({ textsOptIn }) => textsOptIn,
    on: { title: 'Texts turned on', message: 'We will text you when someone rates you.' },
    off: { title: 'Texts turned off', message: 'You will not get any more texts from ExRated.' },
    failure: 'Your text setting was not changed. Please try again.',
  });

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
