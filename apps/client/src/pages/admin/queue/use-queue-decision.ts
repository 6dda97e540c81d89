import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notify } from '../../../lib/notify';
import { userFacingMessage } from '../../../lib/server-error';
import { useTRPC } from '../../../lib/trpc';

/** What follows a decision: say what happened, then read the queue and the dashboard's figures again. */
function useDecisionCallbacks() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.admin.queue.queryKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.admin.dashboard.queryKey() }),
    ]);
  return {
    refresh,
    onSuccess: async (result: { alreadyDecided: boolean; message: string }) => {
      notify.success({
        title: result.alreadyDecided ? 'Already decided' : 'Decision saved',
        message: result.message,
      });
      await refresh();
    },
    notifyFailure: (error: unknown) => {
      notify.error({
        title: 'Decision not saved',
        message: userFacingMessage(error, 'The decision could not be saved. Please try again.'),
      });
    },
  };
}

/** admin.decide: one item. */
export function useDecideItem() {
  const trpc = useTRPC();
  const { onSuccess, notifyFailure } = useDecisionCallbacks();
  return useMutation(trpc.admin.decide.mutationOptions({ onSuccess, onError: notifyFailure }));
}

/** admin.decideGroup: every item of a pile-on group at once, or none. */
export function useDecideGroup() {
  const trpc = useTRPC();
  const { onSuccess, notifyFailure, refresh } = useDecisionCallbacks();
  return useMutation(
    trpc.admin.decideGroup.mutationOptions({
      onSuccess,
      // Nothing was decided; the group may have changed meanwhile, so the queue is read again.
      onError: async (error) => {
        notifyFailure(error);
        await refresh();
      },
    }),
  );
}
