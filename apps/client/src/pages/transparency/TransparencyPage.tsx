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
import { Link } from 'react-router-dom';
import { PageHeading } from '../../components/PageHeading';
import { AnonymityStatement } from '../../components/trust/AnonymitySettings';
import { NOTICE_REASON_LABELS, type NoticeReason } from '../../components/trust/notice-reasons';
import { userFacingMessage } from '../../lib/server-error';
import { useTRPC } from '../../lib/trpc';
import {
  type Figure,
  figureText,
  formatUtcDay,
  hasPublishedFigure,
  medianText,
  monthTitle,
  type PublishedMonth,
  publishedLine,
  type Report,
} from './transparency-display';

function Row({ label, value }: { label: string; value: string }) {
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

const DECIDED_ITEM_LABELS: Record<keyof PublishedMonth['decisions']['byItem'], string> = {
  held_by_screening: '· On ratings held by screening',
  held_by_daily_limit: '· On ratings held by the daily limit',
  held_by_author_record: '· On ratings held for their author’s record',
  notice: '· On reports',
  appeal: '· On appeals',
};

function MonthReport({ month, report }: { month: PublishedMonth; report: Report }) {
  const title = monthTitle(month.month);
  const { labels, minimumCount } = report;
  const total = (figure: Figure) => figureText(figure, 'total', minimumCount);
  const part = (figure: Figure) => figureText(figure, 'part', minimumCount);
  const reasons = Object.entries(month.decisions.byReason) as Array<
    [keyof Report['labels']['reasons'], Figure]
  >;
  const publishedReasons = reasons.filter(([, figure]) => figure !== null);
  return (
    <Paper withBorder radius="lg" p="md" className="glass-card" component="section" aria-label={title}>
      <Title order={2} fz="lg">
        {title}
      </Title>
      <Text size="xs" c="dimmed" mb="sm">
        {publishedLine(month.month, month.publishedAt)}
      </Text>
      <Table withRowBorders={false} verticalSpacing={4} fz="sm">
        <Table.Tbody>
          <Row label="Reports received" value={total(month.notices.total)} />
          {(Object.keys(NOTICE_REASON_LABELS) as NoticeReason[]).map((reason) => (
            <Row
              key={reason}
              label={`· ${NOTICE_REASON_LABELS[reason]}`}
              value={part(month.notices.byReason[reason])}
            />
          ))}
          <Row label="Decisions" value={total(month.decisions.total)} />
          {(['keep', 'hide', 'delete'] as const).map((outcome) => (
            <Row
              key={outcome}
              label={`· ${labels.outcomes[outcome]}`}
              value={part(month.decisions.byOutcome[outcome])}
            />
          ))}
          {publishedReasons.map(([reason, figure]) => (
            <Row key={reason} label={`· Reason: ${labels.reasons[reason] ?? reason}`} value={part(figure)} />
          ))}
          {publishedReasons.length < reasons.length ? (
            <Row label="· Other reasons" value={part(null)} />
          ) : null}
          {(Object.keys(DECIDED_ITEM_LABELS) as Array<keyof typeof DECIDED_ITEM_LABELS>).map((item) => (
            <Row key={item} label={DECIDED_ITEM_LABELS[item]} value={part(month.decisions.byItem[item])} />
          ))}
          <Row label="Appeals filed" value={total(month.appeals.filed)} />
          <Row label="Appeals that restored the rating" value={part(month.appeals.decidedByOutcome.keep)} />
          <Row
            label="Median time to a decision"
            value={medianText(month.medianSecondsToDecision, minimumCount)}
          />
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

/** What the figures cover and why some read 'Fewer than 10' or 'Not published'. */
function HowToRead({ minimumCount }: { minimumCount: number }) {
  return (
    <Text size="sm" c="dimmed">
      Figures are counted for whole calendar months (UTC) and published once the month has ended, never while
      it is under way; they do not change afterwards. Each is shown only where it counts at least{' '}
      {minimumCount} items, so that no figure moves with one person&apos;s rating, report or decision. A
      figure under {minimumCount} reads &lsquo;Fewer than {minimumCount}&rsquo;. A part of a total reads
      &lsquo;Not published&rsquo; when it is under {minimumCount}, or when showing it would let one under{' '}
      {minimumCount} be worked out from the total. Months with no figure of {minimumCount} or more are not
      listed.
    </Text>
  );
}

/**
 * /transparency (docs/trust-and-safety.md#transparency): what moderation did in each closed month, from its own
 * records, each figure only from the report's minimum count. Counts only: no reference, phone, name or text.
 */
export default function TransparencyPage() {
  useDocumentTitle('Transparency report · ExRated');
  const trpc = useTRPC();
  const report = useQuery(trpc.transparency.report.queryOptions());
  const active = report.data?.months.filter(hasPublishedFigure) ?? [];

  return (
    <Container size="md" py={{ base: 32, sm: 56 }}>
      <Stack gap="lg">
        <PageHeading title="Transparency report">
          Every report, decision and appeal on ExRated over the last 12 full months, counted from our
          moderation records. Anyone can{' '}
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
        ) : (
          <>
            <HowToRead minimumCount={report.data.minimumCount} />
            {active.length === 0 ? (
              <Text c="dimmed">
                No month of the last 12 has a figure of {report.data.minimumCount} or more yet (published{' '}
                {formatUtcDay(report.data.publishedAt)}).
              </Text>
            ) : (
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                {active.map((month) => (
                  <MonthReport key={month.month} month={month} report={report.data} />
                ))}
              </SimpleGrid>
            )}
          </>
        )}
      </Stack>
    </Container>
  );
}
