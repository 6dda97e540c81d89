import type { AppRouter } from '@exrated/server/router';
import {
  Anchor,
  Center,
  Container,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import type { inferOutput, TRPCOptionsProxy } from '@trpc/tanstack-react-query';
import dayjs from 'dayjs';
import { Link } from 'react-router-dom';
import { PageHeading } from '../../components/PageHeading';
import { AnonymityStatement } from '../../components/trust/AnonymitySettings';
import { NOTICE_REASON_LABELS, type NoticeReason } from '../../components/trust/notice-reasons';
import { formatDuration } from '../../lib/format-duration';
import { userFacingMessage } from '../../lib/server-error';
import { useTRPC } from '../../lib/trpc';

type Report = inferOutput<TRPCOptionsProxy<AppRouter>['transparency']['report']>;
type Month = Report['months'][number];

function hasActivity(month: Month) {
  return (
    month.notices.total + month.decisions.total + month.appeals.filed > 0 ||
    month.heldRatings.waiting.screening + month.heldRatings.waiting.daily_ceiling > 0
  );
}

function Row({ label, value }: { label: string; value: string | number }) {
  return (
    <Table.Tr>
      <Table.Td>{label}</Table.Td>
      {/* A figure and its unit ('4 h 12 min') stay on one line; the label wraps instead. */}
      <Table.Td ta="right" fw={600} style={{ whiteSpace: 'nowrap' }}>
        {value}
      </Table.Td>
    </Table.Tr>
  );
}

function MonthReport({ month, labels }: { month: Month; labels: Report['labels'] }) {
  const title = dayjs(`${month.month}-01`).format('MMMM YYYY');
  const decisionReasons = Object.entries(month.decisions.byReason).filter(([, count]) => count > 0);
  return (
    <Paper withBorder radius="lg" p="md" className="glass-card" component="section" aria-label={title}>
      <Title order={2} fz="lg" mb="sm">
        {title}
      </Title>
      <Table withRowBorders={false} verticalSpacing={4} fz="sm">
        <Table.Tbody>
          <Row label="Reports received" value={month.notices.total} />
          {(Object.keys(NOTICE_REASON_LABELS) as NoticeReason[]).map((reason) => (
            <Row
              key={reason}
              label={`· ${NOTICE_REASON_LABELS[reason]}`}
              value={month.notices.byReason[reason]}
            />
          ))}
          <Row label="Decisions" value={month.decisions.total} />
          {(['keep', 'hide', 'delete'] as const).map((outcome) => (
            <Row
              key={outcome}
              label={`· ${labels.outcomes[outcome]}`}
              value={month.decisions.byOutcome[outcome]}
            />
          ))}
          {decisionReasons.map(([reason, count]) => (
            <Row
              key={reason}
              label={`· Reason: ${labels.reasons[reason as keyof Report['labels']['reasons']] ?? reason}`}
              value={count}
            />
          ))}
          <Row label="Ratings held by screening, decided" value={month.heldRatings.decided.screening} />
          <Row
            label="Ratings held by the daily limit, decided"
            value={month.heldRatings.decided.daily_ceiling}
          />
          <Row
            label="Ratings written this month still held for review"
            value={month.heldRatings.waiting.screening + month.heldRatings.waiting.daily_ceiling}
          />
          <Row label="Appeals filed" value={month.appeals.filed} />
          <Row label="Appeals that restored the rating" value={month.appeals.decided.keep} />
          <Row
            label="Median time to a decision"
            value={
              month.medianSecondsToDecision === null ? '—' : formatDuration(month.medianSecondsToDecision)
            }
          />
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

/**
 * /transparency (docs/trust-and-safety.md): what moderation did, month by month, from its own records. Counts
 * only: no reference, phone, name or text.
 */
export default function TransparencyPage() {
  useDocumentTitle('Transparency report · ExRated');
  const trpc = useTRPC();
  const report = useQuery(trpc.transparency.report.queryOptions());
  const active = report.data?.months.filter(hasActivity) ?? [];

  return (
    <Container size="md" py={{ base: 32, sm: 56 }}>
      <Stack gap="lg">
        <PageHeading title="Transparency report">
          Every report, decision and appeal on ExRated over the last 12 months, counted from our moderation
          records. Anyone can{' '}
          <Anchor component={Link} to="/report" inherit>
            report content
          </Anchor>
          ; every decision comes with its reasons.
        </PageHeading>
        <Stack gap={6} component="section" aria-labelledby="anonymity-settings">
          <Title order={2} fz="h4" id="anonymity-settings">
            When a rating reaches the person it is about
          </Title>
          <AnonymityStatement size="sm" />
        </Stack>
        {report.isPending ? (
          <Center py="xl">
            <Loader color="brand" aria-label="Loading the report" />
          </Center>
        ) : report.isError ? (
          <Text c="red.4" role="alert">
            {userFacingMessage(report.error, 'We could not load the report. Please try again.')}
          </Text>
        ) : active.length === 0 ? (
          <Text c="dimmed">No reports, decisions or held ratings in the last 12 months.</Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {active.map((month) => (
              <MonthReport key={month.month} month={month} labels={report.data.labels} />
            ))}
          </SimpleGrid>
        )}
        {report.data ? (
          <Text size="xs" c="dimmed">
            Generated {dayjs(report.data.generatedAt).format('D MMMM YYYY, HH:mm')}. Months are calendar
            months in UTC.
          </Text>
        ) : null}
      </Stack>
    </Container>
  );
}
