import {
  Anchor,
  Badge,
  Group,
  Pagination,
  Paper,
  SegmentedControl,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { formatPhoneForDisplay } from '../../../lib/phone-format';
import { useTRPC } from '../../../lib/trpc';
import { AdminPageHeader, EmptyText, LoadError, SearchInput } from '../AdminPageHeader';
import { formatDate, profilePath } from '../admin-format';
import { useListFilter } from '../use-list-filter';

const PAGE_SIZE = 50;
type Filter = 'all' | 'verified' | 'unverified';

export function ProfilesPage() {
  const trpc = useTRPC();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useListFilter('', setPage);
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const [filter, setFilter] = useListFilter<Filter>('all', setPage);
  const profiles = useQuery({
    ...trpc.admin.profiles.queryOptions({
      search: debouncedSearch || undefined,
      filter,
      page,
      pageSize: PAGE_SIZE,
    }),
    placeholderData: keepPreviousData,
  });
  const totalPages = Math.max(1, Math.ceil((profiles.data?.total ?? 0) / PAGE_SIZE));

  return (
    <>
      <AdminPageHeader
        title="Profiles"
        description={profiles.data ? `${profiles.data.total.toLocaleString()} claimed profiles` : undefined}
      />
      <Group mb="md" gap="sm" align="flex-end">
        <SearchInput placeholder="Phone number or name" value={search} onChange={setSearch} />
        <SegmentedControl
          aria-label="Verification status"
          value={filter}
          onChange={(value) => setFilter(value as Filter)}
          data={[
            { label: 'All', value: 'all' },
            { label: 'Verified', value: 'verified' },
            { label: 'Unverified', value: 'unverified' },
          ]}
        />
      </Group>
      {profiles.error ? <LoadError error={profiles.error} /> : null}
      <Paper withBorder radius="lg" className="glass-card">
        <Table.ScrollContainer minWidth={880}>
          <Table highlightOnHover verticalSpacing="sm" horizontalSpacing="md">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Phone Number</Table.Th>
                <Table.Th>Name</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th ta="right">Ratings Given</Table.Th>
                <Table.Th ta="right">Ratings Received</Table.Th>
                <Table.Th>Created</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {profiles.data?.profiles.map((profile) => (
                <Table.Tr key={profile.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {formatPhoneForDisplay(profile.phoneNumber)}
                  </Table.Td>
                  <Table.Td>{profile.name ?? <Text c="dimmed">—</Text>}</Table.Td>
                  <Table.Td>
                    <Badge color={profile.isVerified ? 'teal' : 'yellow'} variant="light" miw="max-content">
                      {profile.isVerified ? 'Verified' : 'Unverified'}
                    </Badge>
                  </Table.Td>
                  <Table.Td ta="right">{profile.ratingsGiven}</Table.Td>
                  <Table.Td ta="right">{profile.ratingsReceived}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(profile.createdAt)}</Table.Td>
                  <Table.Td>
                    <Anchor component={Link} to={profilePath(profile.phoneNumber)} size="sm">
                      View Details
                    </Anchor>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {profiles.data && profiles.data.profiles.length === 0 ? (
          <EmptyText>No profiles found matching your criteria.</EmptyText>
        ) : null}
        {profiles.isPending ? <EmptyText>Loading profiles…</EmptyText> : null}
      </Paper>
      <Group justify="center" mt="md">
        <Pagination total={totalPages} value={page} onChange={setPage} hideWithOnePage />
      </Group>
    </>
  );
}
