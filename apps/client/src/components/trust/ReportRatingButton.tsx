import { Anchor, Badge, Button, Modal, Stack, Text, Tooltip } from '@mantine/core';
import { IconFlag, IconHourglass } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { showServerFieldErrors } from '../../lib/form-errors';
import { notify } from '../../lib/notify';
import { userFacingMessage } from '../../lib/server-error';
import { useTRPC } from '../../lib/trpc';
import { DialogButtons } from './ConfirmDialog';
import { NoticeFiled } from './NoticeFiled';
import { NoticeReasonFields } from './NoticeReasonFields';
import { useNoticeForm } from './use-notice-form';

interface ReportRatingButtonProps {
  ratingId: string;
  /** The review's report status from profile.ratingsReceived: 'open' while moderators look at it. */
  reportStatus: string | null;
  /** The reviewer's name, so the dialog says which review it is about. */
  reviewName: string;
}

/**
 * 'Report' on a received review (docs/trust-and-safety.md#notices): files a notice of the same kind as
 * anyone's, with a reason and an optional description; the reporter gets its reference, and while moderators
 * look at it the review shows 'Under review'.
 */
export function ReportRatingButton({ ratingId, reportStatus, reviewName }: ReportRatingButtonProps) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [opened, setOpened] = useState(false);
  const [filedReference, setFiledReference] = useState<string | null>(null);
  const notice = useNoticeForm();
  const report = useMutation(
    trpc.profile.reportRating.mutationOptions({
      onSuccess: (result) => {
        setFiledReference(result.reference);
        notify.success(
          result.alreadyReported
            ? { title: 'Already under review', message: 'This review was reported before; we are on it.' }
            : {
                title: 'Report sent',
                message: 'We will check the review against our terms. It shows as Under review until then.',
              },
        );
      },
      onError: (error) => {
        showServerFieldErrors(notice.form, error);
        notify.error({
          title: 'Report failed',
          message: userFacingMessage(error, 'We could not send your report. Please try again.'),
        });
      },
    }),
  );

  if (reportStatus === 'open' && !opened) {
    return (
      <Tooltip
        label="You reported this review. Our moderators are looking at it."
        withArrow
        multiline
        w={240}
      >
        <Badge
          variant="light"
          color="yellow"
          size="lg"
          leftSection={<IconHourglass size={14} />}
          data-testid="report-status"
        >
          Under review
        </Badge>
      </Tooltip>
    );
  }

  const close = () => {
    if (report.isPending) return;
    setOpened(false);
    notice.reset();
    // The review shows 'Under review' once the dialog with the reference is closed.
    if (filedReference)
      void queryClient.invalidateQueries({ queryKey: trpc.profile.ratingsReceived.queryKey() });
  };
  const submit = () => {
    const values = notice.checked();
    if (!values) return;
    report.mutate({ ratingId, reason: values.reason, text: values.text });
  };

  return (
    <>
      <Button
        variant="subtle"
        color="gray"
        size="xs"
        leftSection={<IconFlag size={14} />}
        onClick={() => setOpened(true)}
        aria-label={`Report the review from ${reviewName}`}
      >
        Report
      </Button>
      <Modal opened={opened} onClose={close} title="Report this review" centered radius="lg">
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            Tell us what is wrong with the review from {reviewName}. Our moderators check it against our{' '}
            <Anchor component={Link} to="/terms" size="sm">
              Terms &amp; Conditions
            </Anchor>{' '}
            and hide it if it breaks them. The person who wrote it is not told who reported it.
          </Text>
          {filedReference ? (
            <NoticeFiled reference={filedReference} />
          ) : (
            <NoticeReasonFields {...notice.fields} />
          )}
          <DialogButtons
            onCancel={close}
            cancelLabel={filedReference ? 'Close' : 'Cancel'}
            onConfirm={filedReference ? undefined : submit}
            confirmLabel="Send Report"
            confirmColor="red"
            busy={report.isPending}
          />
        </Stack>
      </Modal>
    </>
  );
}
