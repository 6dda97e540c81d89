import { type UseMutationOptions, useMutation } from '@tanstack/react-query';
import { notify } from '../../lib/notify';
import { asksToReconfirmNumber, userFacingMessage } from '../../lib/server-error';
import { useRefreshViewer } from '../../lib/viewer';
import { useReconfirmNumber } from './ReconfirmNumber';

type Toast = Parameters<typeof notify.success>[0];

interface SettingToasts<TData> {
  /** Whether the setting is on now, by the server's answer. */
  isOn: (data: TData) => boolean;
  on: Toast;
  off: Toast;
  /** The error toast's text when the server's message is not one for people. */
  failure: string;
}

/**
 * Saves one of the viewer's on/off settings: a toast says which way it went, then the viewer is read again. A
 * change that needs a fresh code asks for one and is made again.
 */
export function useSettingMutation<TData, TError, TVariables>(
  options: UseMutationOptions<TData, TError, TVariables>,
  { isOn, on, off, failure }: SettingToasts<TData>,
) {
  const refreshViewer = useRefreshViewer();
  const reconfirm = useReconfirmNumber();
  const mutation = useMutation({
    ...options,
    onSuccess: async (data) => {
      notify.success(isOn(data) ? on : off);
      await refreshViewer();
    },
    onError: (error, variables) => {
      if (asksToReconfirmNumber(error)) {
        reconfirm(() => mutation.mutate(variables));
        return;
      }
      notify.error({ title: 'Failed to update profile', message: userFacingMessage(error, failure) });
    },
  });
  return mutation;
}
