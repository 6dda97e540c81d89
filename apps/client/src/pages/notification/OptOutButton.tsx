import { IconMessageOff } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { SuccessAlert } from '../../components/SuccessAlert';
import { ConfirmDialog } from '../../components/trust/ConfirmDialog';
import { notify } from '../../lib/notify';
import { userFacingMessage } from '../../lib/server-error';
import { useTRPC } from '../../lib/trpc';
import { LandingOffer } from './LandingOffer';

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
      <SuccessAlert mt="lg" title="Texts stopped">
        {STOPPED} Codes you ask for to verify your number still arrive, and you can turn rating texts back on
        in Settings.
      </SuccessAlert>
    );
  }

  return (
    <LandingOffer
      mt="lg"
      prompt="Don't want texts about ratings? We will stop texting this number."
      icon={<IconMessageOff size={16} />}
      label="Stop texting this number"
      onClick={() => setConfirming(true)}
    >
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
    </LandingOffer>
  );
}
