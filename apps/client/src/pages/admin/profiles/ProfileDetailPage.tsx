import {
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowLeft, IconCircleCheck, IconUserQuestion } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { formatPhoneForDisplay } from '../../../lib/phone-format';
import { useTRPC } from '../../../lib/trpc';
import { EmptyText, LoadError, TableHead } from '../AdminPageHeader';
import { formatDate, formatDateTime, truncate } from '../admin-format';
import type { ErrorLogEntry, VerificationHistoryEntry } from '../admin-types';
import { ErrorLogDialog } from '../error-logs/ErrorLogDialog';
import { ErrorLogTable } from '../error-logs/ErrorLogTable';
import { LogEntryList } from '../logs/LogEntryList';
import { AdminRatingList } from './AdminRatingList';

function isNotFound(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('data' in error)) return false;
  const { data } = error;
  return typeof data === 'object' && data !== null && 'code' in data && data.code === 'NOT_FOUND';
}

const OUTCOME_COLORS: Record<VerificationHistoryEntry['outcome'], string> = {
  success: 'teal',
  failure: 'red',
  pending: 'gray',
};

function VerificationHistory({ entries }: { entries: VerificationHistoryEntry[] }) {
  if (entries.length === 0) {
    return <EmptyText>No verification attempts recorded.</EmptyText>;
  }
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing="sm">
        <TableHead columns={['Date', 'Step', 'Outcome', 'IP Address', 'User Agent']} />
        <Table.Tbody>
          {entries.map((entry) => (
            <Table.Tr key={entry.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.createdAt)}</Table.Td>
              <Table.Td>{entry.action}</Table.Td>
              <Table.Td>
                <Badge color={OUTCOME_COLORS[entry.outcome]} variant="light">
                  {entry.outcome}
                </Badge>
              </Table.Td>
              <Table.Td>{entry.ipAddress ?? '—'}</Table.Td>
              <Table.Td title={entry.userAgent ?? undefined}>{truncate(entry.userAgent, 50) || '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function SummaryCard({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Paper withBorder radius="lg" p="md" className="glass-card">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={26} fw={800} c="white">
        {value}
      </Text>
      {hint ? (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      ) : null}
    </Paper>
  );
}

export function ProfileDetailPage() {
  const { phoneNumber = '' } = useParams();
  const trpc = useTRPC();
  const detail = useQuery(trpc.admin.profile.queryOptions({ phoneNumber }, { enabled: phoneNumber !== '' }));
  const [activityFilter, setActivityFilter] = useState<'all' | 'verification'>('all');
  const [selectedError, setSelectedError] = useState<ErrorLogEntry | null>(null);

  if (detail.isPending) {
    return (
      <Center py={96}>
        <Loader aria-label="Loading profile" />
      </Center>
    );
  }
  if (detail.error && isNotFound(detail.error)) {
    return (
      <Paper withBorder radius="lg" p="xl" maw={480} mx="auto" mt="xl" className="glass-card">
        <Stack align="center" gap="sm" ta="center">
          <IconUserQuestion size={40} stroke={1.5} aria-hidden="true" />
          <Title order={1} fz={24}>
            Profile Not Found
          </Title>
          <Text c="dimmed">No claimed profile has the number {formatPhoneForDisplay(phoneNumber)}.</Text>
          <Button component={Link} to="/admin/profiles" leftSection={<IconArrowLeft size={16} />}>
            Back to Profiles
          </Button>
        </Stack>
      </Paper>
    );
  }
  if (detail.error) return <LoadError error={detail.error} />;

  const { profile, activity, verificationHistory, errors, ratingsGiven, ratingsReceived } = detail.data;
  const activityEntries = activityFilter === 'all' ? activity : verificationHistory;

  return (
    <>
      <Button
        component={Link}
        to="/admin/profiles"
        variant="subtle"
        leftSection={<IconArrowLeft size={16} />}
        mb="sm"
        px={0}
      >
        Back to Profiles
      </Button>
      <Stack gap={4} mb="lg">
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          {profile.name ?? 'Unnamed User'}
        </Title>
        <Group gap="sm">
          <Text c="dimmed">{formatPhoneForDisplay(profile.phoneNumber)}</Text>
          {profile.isVerified ? (
            <Badge color="teal" variant="light" leftSection={<IconCircleCheck size={14} />}>
              Verified {profile.verifiedAt ? formatDate(profile.verifiedAt) : ''}
            </Badge>
          ) : (
            <Badge color="yellow" variant="light">
              Unverified
            </Badge>
          )}
        </Group>
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" mb="lg">
        <SummaryCard
          label="Status"
          value={profile.isVerified ? 'Verified' : 'Unverified'}
          hint={`Profile created ${formatDate(profile.createdAt)}`}
        />
        <SummaryCard label="Ratings Given" value={String(profile.ratingsGiven)} />
        <SummaryCard label="Ratings Received" value={String(profile.ratingsReceived)} />
      </SimpleGrid>
      <Tabs defaultValue="activity" keepMounted={false}>
        <Tabs.List mb="md" style={{ flexWrap: 'wrap' }}>
          <Tabs.Tab value="activity">Activity Log</Tabs.Tab>
          <Tabs.Tab value="verification">Verification History</Tabs.Tab>
          <Tabs.Tab value="errors">Error Logs</Tabs.Tab>
          <Tabs.Tab value="given">Ratings Given</Tabs.Tab>
          <Tabs.Tab value="received">Ratings Received</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="activity">
          <SegmentedControl
            mb="md"
            aria-label="Activity filter"
            value={activityFilter}
            onChange={(value) => setActivityFilter(value === 'verification' ? 'verification' : 'all')}
            data={[
              { label: 'All', value: 'all' },
              { label: 'Verification Only', value: 'verification' },
            ]}
          />
          <LogEntryList
            entries={activityEntries.map((entry) => ({ ...entry, phoneNumber: profile.phoneNumber }))}
            emptyText="No activity recorded for this number."
          />
        </Tabs.Panel>
        <Tabs.Panel value="verification">
          <VerificationHistory entries={verificationHistory} />
        </Tabs.Panel>
        <Tabs.Panel value="errors">
          {errors.length === 0 ? (
            <EmptyText>No errors recorded for this number.</EmptyText>
          ) : (
            <Paper withBorder radius="lg" className="glass-card">
              <ErrorLogTable entries={errors} onView={setSelectedError} />
            </Paper>
          )}
        </Tabs.Panel>
        <Tabs.Panel value="given">
          <AdminRatingList
            ratings={ratingsGiven}
            counterpart="rated"
            emptyText="This number has not rated anyone."
          />
        </Tabs.Panel>
        <Tabs.Panel value="received">
          <AdminRatingList
            ratings={ratingsReceived}
            counterpart="rater"
            emptyText="Nobody has rated this number yet."
          />
        </Tabs.Panel>
      </Tabs>
      <ErrorLogDialog entry={selectedError} onClose={() => setSelectedError(null)} />
    </>
  );
}
