import { Switch } from '@mantine/core';
import { useTRPC } from '../../lib/trpc';
import { useViewer } from '../../lib/viewer';
import { useSettingMutation } from './use-setting-mutation';

/**
 * 'Do not rate me' (docs/trust-and-safety.md#rights): while on, nobody can rate the verified number; a rater
 * is told only that the number cannot be rated. Ratings already given stay (each can be reported). It can be
 * turned off.
 */
export function DoNotRateSwitch() {
  const trpc = useTRPC();
  const viewer = useViewer();
  const save = useSettingMutation(trpc.profile.setDoNotRate.mutationOptions(), {
    isOn: ({ doNotRate }) => doNotRate,
    on: { title: 'Ratings turned off', message: 'Nobody can rate your number from now on.' },
    off: { title: 'Ratings turned on', message: 'People you dated can rate your number again.' },
    failure: 'Your setting was not changed. Please try again.',
  });
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
