import { Anchor, Badge, Button, Group, Modal, Select, Stack, Text, Tooltip } from '@mantine/core';
import { IconFlag, IconHourglass } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { notify } from '../../lib/notify';
import { userFacingMessage } from '../../lib/server-error';
import { useTRPC } from '../../lib/trpc';
import { isReportReason, REPORT_REASON_OPTIONS, type ReportReason } from './report-reasons';

interface ReportRatingButtonProps {
  ratingId: string;
  /** The review's report status from profile.ratingsReceived: 'open' while moderators look at it. */
  reportStatus: string | null;
  /** The reviewer's name, so the dialog says which review it is about. */
  reviewName: string;
}

/**
 * 'Report' on a received review (DESIGN.md section 5): the rated person picks which rule of the terms the
 * review breaks; while moderators look at it the review shows 'Under review'.
 */
export function ReportRatingButton({ ratingId, reportStatus, reviewName }: ReportRatingButtonProps) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [opened, setOpened] = useState(false);
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [reasonError, setReasonError] = useState<string | null>(null);
  const report = useMutation(
    trpc.profile.reportRating.mutationOptions({
      onSuccess: async (result) => {
        setOpened(false);
        notify.success(
          result.alreadyReported
            ? { title: 'Already under review', message: 'This review was reported before; we are on it.' }
            : {
                title: 'Report sent',
                message: 'We will check the review against our terms. It shows as Under review until then.',
              },
        );
        await queryClient.invalidateQueries({ queryKey: trpc.profile.ratingsReceived.queryKey() });
      },
      onError: (error) => {
        notify.error({
          title: 'Report failed',
          message: userFacingMessage(error, 'We could not send your report. Please try again.'),
        });
      },
    }),
  );

  if (reportStatus === 'open') {
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
    setReasonError(null);
  };
  const submit = () => {
    if (!reason) {
      setReasonError('Please choose why you are reporting this review.');
      return;
    }
    report.mutate({ ratingId, reason });
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
            Tell us which rule of our{' '}
            <Anchor component={Link} to="/terms" size="sm">
              Terms &amp; Conditions
            </Anchor>{' '}
            the review from {reviewName} breaks. Our moderators check it and hide it if it breaks them. The
            person who wrote it is not told.
          </Text>
          <Select
            label="Why are you reporting it?"
            placeholder="Choose a reason"
            data={REPORT_REASON_OPTIONS}
            value={reason}
            onChange={(value) => {
              setReason(isReportReason(value) ? value : null);
              setReasonError(null);
            }}
            error={reasonError}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            required
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={report.isPending}>
              Cancel
            </Button>
            <Button color="red" onClick={submit} loading={report.isPending}>
              Send Report
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
