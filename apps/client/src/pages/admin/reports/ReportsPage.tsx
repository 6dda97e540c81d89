import type { AppRouter } from '@exrated/server/router';
import { Badge, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconEyeOff, IconFlag, IconRefresh, IconX } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { inferOutput, TRPCOptionsProxy } from '@trpc/tanstack-react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/trust/ConfirmDialog';
import { reportReasonLabel } from '../../../components/trust/report-reasons';
import { notify } from '../../../lib/notify';
import { userFacingMessage } from '../../../lib/server-error';
import { useTRPC } from '../../../lib/trpc';
import { AdminPageHeader, LoadError } from '../AdminPageHeader';
import { formatDateTime } from '../admin-format';
import type { AdminRating } from '../admin-types';
import { AdminRatingList } from '../profiles/AdminRatingList';

type OpenReport = inferOutput<TRPCOptionsProxy<AppRouter>['admin']['reports']>['reports'][number];
type Decision = 'hide' | 'dismiss';

const CONFIRM: Record<Decision, { title: string; body: string; label: string; color: string }> = {
  hide: {
    title: 'Hide this review?',
    body: 'The review disappears from the rated person’s profile and no longer counts in their score.',
    label: 'Hide Review',
    color: 'red',
  },
  dismiss: {
    title: 'Dismiss this report?',
    body: 'The review stays visible and keeps counting. The rated person can report it again later.',
    label: 'Dismiss Report',
    color: 'gray',
  },
};

/** /admin/reports: reviews the rated people reported, newest first, each to hide or to dismiss. */
export function ReportsPage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const reports = useQuery(trpc.admin.reports.queryOptions());
  const [pending, setPending] = useState<{ report: OpenReport; decision: Decision } | null>(null);
  const moderate = useMutation(
    trpc.admin.moderateRating.mutationOptions({
      onSuccess: async (result) => {
        setPending(null);
        const title = result.alreadyResolved
          ? 'Already resolved'
          : result.status === 'hidden'
            ? 'Review hidden'
            : 'Report dismissed';
        notify.success({ title, message: result.message });
        await queryClient.invalidateQueries({ queryKey: trpc.admin.reports.queryKey() });
      },
      onError: (error) => {
        setPending(null);
        notify.error({
          title: 'Decision not saved',
          message: userFacingMessage(error, 'The decision could not be saved. Please try again.'),
        });
      },
    }),
  );
  const data = reports.data;
  const confirm = pending ? CONFIRM[pending.decision] : null;

  return (
    <>
      <AdminPageHeader
        title="Reports"
        description={
          data
            ? `${data.total.toLocaleString()} open ${data.total === 1 ? 'report' : 'reports'}`
            : 'Reviews reported by the people they are about'
        }
        actions={
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} />}
            onClick={() => reports.refetch()}
            loading={reports.isFetching}
          >
            Refresh
          </Button>
        }
      />
      {reports.isPending ? (
        <Loader aria-label="Loading reports" />
      ) : reports.isError ? (
        <LoadError error={reports.error} />
      ) : data && data.reports.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          No open reports. Reported reviews appear here.
        </Text>
      ) : (
        <Stack gap="sm">
          {data?.reports.map((report) => (
            <ReportCard
              key={report.id}
              report={report}
              onDecide={(decision) => setPending({ report, decision })}
            />
          ))}
          {data && data.total > data.reports.length ? (
            <Text c="dimmed" size="sm" ta="center">
              Showing the newest {data.reports.length} of {data.total}. Decide these to see the rest.
            </Text>
          ) : null}
        </Stack>
      )}
      <ConfirmDialog
        opened={pending !== null}
        onClose={() => setPending(null)}
        onConfirm={() =>
          pending && moderate.mutate({ reportId: pending.report.id, decision: pending.decision })
        }
        title={confirm?.title ?? ''}
        confirmLabel={confirm?.label ?? ''}
        confirmColor={confirm?.color}
        busy={moderate.isPending}
      >
        {confirm ? `${confirm.body} The review is from ${pending?.report.rating.name}.` : ''}
      </ConfirmDialog>
    </>
  );
}

/** The reported review in the admin's usual rating layout (the rater is not part of a report). */
function asAdminRating(rating: OpenReport['rating']): AdminRating {
  return {
    id: rating.id,
    name: rating.name,
    relationshipType: rating.relationshipType,
    phoneNumber: rating.phoneNumber,
    createdByPhone: null,
    testimonial: rating.testimonial,
    gratitude: rating.gratitude,
    selfReflection: rating.selfReflection,
    feedback: rating.feedback,
    hiddenAt: null,
    createdAt: rating.createdAt,
    scores: rating.scores,
  };
}

function ReportCard({ report, onDecide }: { report: OpenReport; onDecide: (decision: Decision) => void }) {
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      className="glass-card"
      component="article"
      aria-label={`Report of the review from ${report.rating.name}`}
      data-testid="admin-report"
    >
      <Stack gap="sm">
        <Group justify="space-between" align="center" gap="xs">
          <Badge color="red" variant="light" leftSection={<IconFlag size={12} />} tt="none" size="lg">
            {reportReasonLabel(report.reason)}
          </Badge>
          <Text size="xs" c="dimmed">
            Reported {formatDateTime(report.reportedAt)}
          </Text>
        </Group>
        <AdminRatingList ratings={[asAdminRating(report.rating)]} counterpart="rated" emptyText="" />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" leftSection={<IconX size={16} />} onClick={() => onDecide('dismiss')}>
            Dismiss
          </Button>
          <Button color="red" leftSection={<IconEyeOff size={16} />} onClick={() => onDecide('hide')}>
            Hide Review
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
