import { Badge, Center, Code, Container, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconAlertTriangle, IconFlag, IconHourglass, IconScale } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useParams } from 'react-router-dom';
import { PageHeading } from '../../components/PageHeading';
import { PrimaryLink, StatusCard } from '../../components/StatusCard';
import { noticeReasonLabel } from '../../components/trust/notice-reasons';
import { userFacingMessage } from '../../lib/server-error';
import { useTRPC } from '../../lib/trpc';

const OUTCOME_COLORS: Record<string, string> = { keep: 'gray', hide: 'orange', delete: 'red' };

const SOURCE_LABELS: Record<string, string> = {
  notification_link: 'From the link in a text',
  received_review: 'From a review you received',
  public_form: 'From the Report content page',
};

function formatDay(value: Date | string) {
  return dayjs(value).format('D MMMM YYYY, HH:mm');
}

/**
 * /notices/:reference, the status of a report (docs/trust-and-safety.md#decisions): its reason and dates,
 * then the decision with its statement of reasons. Whoever holds the reference sees this page, so it shows
 * nothing of the rating itself or of who wrote it.
 */
export default function NoticeStatusPage() {
  useDocumentTitle('Report status · ExRated');
  const { reference = '' } = useParams();
  const trpc = useTRPC();
  const status = useQuery({ ...trpc.notice.status.queryOptions({ reference }), retry: false });

  if (status.isPending) {
    return (
      <Center py={96}>
        <Loader color="brand" aria-label="Loading the report" />
      </Center>
    );
  }
  if (status.isError) {
    return (
      <StatusCard
        icon={<IconAlertTriangle size={28} stroke={1.6} />}
        iconColor="yellow"
        title="Report not found"
        actions={<PrimaryLink to="/report">Report content</PrimaryLink>}
      >
        {userFacingMessage(status.error, 'We could not load this report. Please try again.')}
      </StatusCard>
    );
  }
  const notice = status.data;
  const decision = notice.decision;
  return (
    <Container size="sm" py={{ base: 32, sm: 56 }}>
      <Stack gap="lg">
        <PageHeading title="Your report">
          Reference <Code>{notice.reference}</Code>
        </PageHeading>
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} className="glass-card">
          <Stack gap="sm">
            <Group gap="xs">
              <IconFlag size={18} aria-hidden="true" />
              <Text fw={700}>{noticeReasonLabel(notice.reason)}</Text>
            </Group>
            <Text size="sm" c="dimmed">
              {SOURCE_LABELS[notice.source] ?? notice.source} · received {formatDay(notice.filedAt)}
            </Text>
            <Group gap="xs">
              <Text size="sm">Status:</Text>
              {decision ? (
                <Badge color="teal" variant="light" data-testid="notice-status">
                  Decided
                </Badge>
              ) : (
                <Badge
                  color="yellow"
                  variant="light"
                  leftSection={<IconHourglass size={12} />}
                  data-testid="notice-status"
                >
                  Waiting for a moderator
                </Badge>
              )}
            </Group>
          </Stack>
        </Paper>
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} className="glass-card">
          {decision ? (
            <Stack gap="sm" aria-label="Decision">
              <Group gap="xs">
                <IconScale size={18} aria-hidden="true" />
                <Title order={2} fz="lg">
                  Decision
                </Title>
                <Badge color={OUTCOME_COLORS[decision.outcome] ?? 'gray'} variant="light">
                  {decision.outcome}
                </Badge>
              </Group>
              <Text>{decision.outcomeLabel}</Text>
              <Text size="sm">
                <Text span fw={700}>
                  Reason:
                </Text>{' '}
                {decision.reasonLabel}
              </Text>
              {decision.note ? (
                <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                  {decision.note}
                </Text>
              ) : null}
              <Text size="xs" c="dimmed">
                Decided {formatDay(decision.decidedAt)}. If you disagree, reply through our contact form with
                your reference.
              </Text>
            </Stack>
          ) : (
            <Text c="dimmed">
              Our moderators decide reports in the order they arrive. The decision and its reasons will show
              here; keep this page's address or your reference.
            </Text>
          )}
        </Paper>
      </Stack>
    </Container>
  );
}
