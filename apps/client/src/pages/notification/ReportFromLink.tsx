import { Modal, Stack, Text } from '@mantine/core';
import { IconFlag } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { DialogButtons } from '../../components/trust/ConfirmDialog';
import { NoticeFiled } from '../../components/trust/NoticeFiled';
import { NoticeReasonFields } from '../../components/trust/NoticeReasonFields';
import { useNoticeForm } from '../../components/trust/use-notice-form';
import { showServerFieldErrors } from '../../lib/form-errors';
import { userFacingMessage } from '../../lib/server-error';
import { useTRPC } from '../../lib/trpc';
import { LandingOffer } from './LandingOffer';

const SEND_FAILED = 'We could not send your report. Please try again.';

/**
 * 'Report this rating' on the /r/:guid landing (docs/trust-and-safety.md#notices): whoever got the text can
 * file a notice about the rating it is about, without rating anyone or verifying a number. Nothing of the
 * rating is shown here: the link names it.
 */
export function ReportFromLink({ notificationId }: { notificationId: string | undefined }) {
  const trpc = useTRPC();
  const [opened, setOpened] = useState(false);
  const notice = useNoticeForm();
  const file = useMutation(
    trpc.notice.file.mutationOptions({
      onError: (error) => {
        // The dialog has no other place for a failure: one that is not about a field is said under the text.
        if (showServerFieldErrors(notice.form, error).length === 0) {
          notice.form.setFieldError('text', userFacingMessage(error, SEND_FAILED));
        }
      },
    }),
  );
  const id = notificationId?.trim();
  if (!id) return null;

  if (file.data) {
    return (
      <Stack mt="lg">
        <NoticeFiled reference={file.data.reference} />
      </Stack>
    );
  }

  const close = () => {
    if (file.isPending) return;
    setOpened(false);
  };
  const submit = () => {
    const values = notice.checked();
    if (!values) return;
    file.mutate({ notificationId: id, reason: values.reason, text: values.text });
  };

  return (
    <LandingOffer
      mt="md"
      prompt="Is this rating not about you, or does it cross a line? Tell us, no account needed."
      icon={<IconFlag size={16} />}
      label="Report this rating"
      onClick={() => setOpened(true)}
    >
      <Modal opened={opened} onClose={close} title="Report this rating" centered radius="lg">
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            Our moderators check every report against our terms. You get a reference to follow the decision;
            the person who wrote the rating is not told who reported it.
          </Text>
          <NoticeReasonFields {...notice.fields} />
          <DialogButtons
            onCancel={close}
            onConfirm={submit}
            confirmLabel="Send Report"
            confirmColor="red"
            busy={file.isPending}
          />
        </Stack>
      </Modal>
    </LandingOffer>
  );
}
