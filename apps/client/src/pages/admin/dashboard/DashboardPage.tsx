import { Paper, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconActivity, IconCircleCheck, IconClock, IconFlag, IconStar, IconUsers } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense } from 'react';
import { Link } from 'react-router-dom';
import { formatDuration } from '../../../lib/format-duration';
import { useTRPC } from '../../../lib/trpc';
import { AdminPageHeader, LoadError } from '../AdminPageHeader';
import type { DashboardData } from '../admin-types';
import { ClassifierFigures } from './ClassifierFigures';
import { DeliveryTable } from './DeliveryTable';
import { TextsTodayTable } from './TextsTodayTable';

// The chart library is most of the admin area's weight: it loads only when the dashboard has data to draw.
const DailyActivityChart = lazy(() => import('./DailyActivityChart'));

interface CountCard {
  label: string;
  icon: ReactNode;
  value: (totals: DashboardData['totals']) => number;
}

const COUNT_CARDS: CountCard[] = [
  { label: 'Total Profiles', icon: <IconUsers size={20} />, value: (totals) => totals.profiles },
  { label: 'Ratings Submitted', icon: <IconStar size={20} />, value: (totals) => totals.ratings },
  {
    label: 'Verified Profiles',
    icon: <IconCircleCheck size={20} />,
    value: (totals) => totals.verifiedProfiles,
  },
  { label: 'User Activities', icon: <IconActivity size={20} />, value: (totals) => totals.logEntries },
];

export function DashboardPage() {
  const trpc = useTRPC();
  const dashboard = useQuery(trpc.admin.dashboard.queryOptions());

  return (
    <>
      <AdminPageHeader title="Dashboard" description="Counts across the whole product" />
      {dashboard.error ? <LoadError error={dashboard.error} /> : null}
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md" mb="lg">
        {COUNT_CARDS.map((card) => (
          <Paper key={card.label} withBorder radius="lg" p="md" className="glass-card">
            <Stack gap={6}>
              <ThemeIcon variant="light" radius="xl" size="lg">
                {card.icon}
              </ThemeIcon>
              <Text c="dimmed" size="sm">
                {card.label}
              </Text>
              {dashboard.data ? (
                <Text fz={30} fw={800} c="white" data-testid={`count-${card.label}`}>
                  {card.value(dashboard.data.totals).toLocaleString()}
                </Text>
              ) : (
                <Skeleton h={36} w={80} />
              )}
            </Stack>
          </Paper>
        ))}
      </SimpleGrid>
      <ModerationCards data={dashboard.data} />
      <Paper withBorder radius="lg" p="md" className="glass-card">
        <Title order={2} fz={18} mb={4}>
          Ratings and verifications per day
        </Title>
        <Text c="dimmed" size="sm" mb="md">
          The last 30 days (UTC)
        </Text>
        {dashboard.data ? (
          <Suspense fallback={<Skeleton h={280} />}>
            <DailyActivityChart daily={dashboard.data.daily} />
          </Suspense>
        ) : (
          <Skeleton h={280} />
        )}
      </Paper>
      <Paper withBorder radius="lg" p="md" mt="lg" className="glass-card" data-testid="waiting-texts">
        <Title order={2} fz={18} mb={4}>
          Texts waiting for their release
        </Title>
        <Text c="dimmed" size="sm" mb="xs">
          A rating reaches its subject at a random release time, never at the moment of rating.
        </Text>
        {dashboard.data ? (
          <Text>
            {dashboard.data.releases.waiting.toLocaleString()} waiting
            {dashboard.data.releases.oldestCreatedAt
              ? `; the oldest was written ${formatDuration((Date.now() - new Date(dashboard.data.releases.oldestCreatedAt).getTime()) / 1000)} ago`
              : ''}
            {dashboard.data.releases.nextReleaseAt
              ? `; the next goes out in ${formatDuration((new Date(dashboard.data.releases.nextReleaseAt).getTime() - Date.now()) / 1000)}`
              : ''}
            .
          </Text>
        ) : (
          <Skeleton h={24} />
        )}
      </Paper>
      <Paper withBorder radius="lg" p="md" mt="lg" className="glass-card">
        <Title order={2} fz={18} mb={4}>
          Texts sent today
        </Title>
        <Text c="dimmed" size="sm" mb="md">
          By kind and country (UTC day)
        </Text>
        {dashboard.data ? <TextsTodayTable rows={dashboard.data.textsToday} /> : <Skeleton h={80} />}
      </Paper>
      <Paper withBorder radius="lg" p="md" mt="lg" className="glass-card">
        <Title order={2} fz={18} mb={4}>
          Text delivery
        </Title>
        <Text c="dimmed" size="sm" mb="md">
          The last 30 days, by kind, provider and country, as the providers' receipts report them
        </Text>
        {dashboard.data ? <DeliveryTable delivery={dashboard.data.delivery} /> : <Skeleton h={80} />}
      </Paper>
      <Paper withBorder radius="lg" p="md" mt="lg" className="glass-card">
        <Title order={2} fz={18} mb={4}>
          Screening classifier
        </Title>
        <Text c="dimmed" size="sm" mb="md">
          The last 30 days: one call per rating the rules did not refuse
        </Text>
        {dashboard.data ? <ClassifierFigures classifier={dashboard.data.classifier} /> : <Skeleton h={24} />}
      </Paper>
    </>
  );
}

/** The moderation queue's size and the median time to a decision (docs/trust-and-safety.md). */
function ModerationCards({ data }: { data: DashboardData | undefined }) {
  const cards = [
    {
      label: 'Waiting for a decision',
      icon: <IconFlag size={20} />,
      value: data ? data.moderation.queueSize.toLocaleString() : null,
    },
    {
      label: 'Median time to a decision (30 days)',
      icon: <IconClock size={20} />,
      value: data
        ? data.moderation.medianDecisionSeconds === null
          ? '—'
          : formatDuration(data.moderation.medianDecisionSeconds)
        : null,
    },
  ];
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" mb="lg">
      {cards.map((card) => (
        <Paper
          key={card.label}
          withBorder
          radius="lg"
          p="md"
          className="glass-card"
          component={Link}
          to="/admin/queue"
          aria-label={`${card.label}: open the moderation queue`}
        >
          <Stack gap={6}>
            <ThemeIcon variant="light" radius="xl" size="lg" color="red">
              {card.icon}
            </ThemeIcon>
            <Text c="dimmed" size="sm">
              {card.label}
            </Text>
            {card.value === null ? (
              <Skeleton h={36} w={80} />
            ) : (
              <Text fz={30} fw={800} c="white" data-testid={`count-${card.label}`}>
                {card.value}
              </Text>
            )}
          </Stack>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
