import { Group, Select, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '../../../lib/trpc';
import { AdminPageHeader, LoadError, RefreshButton, SearchInput } from '../AdminPageHeader';
import { LogEntryList } from './LogEntryList';

type Category = 'all' | 'verification';

export function ActivityLogsPage() {
  const trpc = useTRPC();
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const [action, setAction] = useState<string | null>(null);
  const [category, setCategory] = useState<Category>('all');
  const logs = useQuery({
    ...trpc.admin.logs.queryOptions({
      search: debouncedSearch || undefined,
      action: action ?? undefined,
      category,
    }),
    placeholderData: keepPreviousData,
  });

  return (
    <>
      <AdminPageHeader
        title="Activity Logs"
        description="The latest 100 entries matching the filters, newest first"
        actions={<RefreshButton onRefresh={() => logs.refetch()} busy={logs.isFetching} />}
      />
      <Group mb="md" gap="sm" align="flex-end">
        <SearchInput placeholder="Phone, action, IP or user id" value={search} onChange={setSearch} />
        <Select
          label="Action"
          placeholder="All actions"
          data={logs.data?.actions ?? []}
          value={action}
          onChange={setAction}
          clearable
          searchable
          style={{ flex: '1 1 200px' }}
        />
        <Select
          label="Category"
          data={[
            { value: 'all', label: 'All activity' },
            { value: 'verification', label: 'Verification related' },
          ]}
          value={category}
          onChange={(value) => setCategory(value === 'verification' ? 'verification' : 'all')}
          allowDeselect={false}
          style={{ flex: '1 1 180px' }}
        />
      </Group>
      {logs.error ? <LoadError error={logs.error} /> : null}
      {logs.data ? (
        <LogEntryList entries={logs.data.entries} emptyText="No activity matches these filters." />
      ) : logs.isPending ? (
        <Text c="dimmed">Loading activity…</Text>
      ) : null}
    </>
  );
}
