import { Button, Group, Pagination, Paper, Select, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDownload } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '../../../lib/trpc';
import { AdminPageHeader, EmptyText, LoadError, RefreshButton, SearchInput } from '../AdminPageHeader';
import type { ErrorLogEntry } from '../admin-types';
import { useListFilter } from '../use-list-filter';
import { ErrorLogDialog } from './ErrorLogDialog';
import { ErrorLogTable } from './ErrorLogTable';
import { downloadCsv, errorLogsCsvFileName, errorLogsToCsv } from './error-logs-csv';

const SEVERITIES = ['low', 'medium', 'high', 'critical'] as const;
type Severity = (typeof SEVERITIES)[number];

function asSeverity(value: string | null): Severity | undefined {
  return SEVERITIES.find((severity) => severity === value);
}

export function ErrorLogsPage() {
  const trpc = useTRPC();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useListFilter('', setPage);
  const [phone, setPhone] = useListFilter('', setPage);
  const [severity, setSeverity] = useListFilter<string>('all', setPage);
  const [selected, setSelected] = useState<ErrorLogEntry | null>(null);
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const [debouncedPhone] = useDebouncedValue(phone.trim(), 300);
  const errorLogs = useQuery({
    ...trpc.admin.errorLogs.queryOptions({
      search: debouncedSearch || undefined,
      phone: debouncedPhone || undefined,
      severity: asSeverity(severity),
      page,
    }),
    placeholderData: keepPreviousData,
  });
  const data = errorLogs.data;
  const totalPages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  return (
    <>
      <AdminPageHeader
        title="Error Logs"
        description={
          data ? `${data.total.toLocaleString()} ${data.total === 1 ? 'entry' : 'entries'}` : undefined
        }
        actions={
          <>
            <RefreshButton onRefresh={() => errorLogs.refetch()} busy={errorLogs.isFetching} />
            <Button
              leftSection={<IconDownload size={16} />}
              disabled={!data || data.entries.length === 0}
              onClick={() =>
                data && downloadCsv(errorLogsCsvFileName(new Date()), errorLogsToCsv(data.entries))
              }
            >
              Export CSV
            </Button>
          </>
        }
      />
      <Group mb="md" gap="sm" align="flex-end">
        <SearchInput placeholder="Message or component" value={search} onChange={setSearch} />
        <TextInput
          label="Phone"
          placeholder="Any part of the number"
          value={phone}
          onChange={(event) => setPhone(event.currentTarget.value)}
          style={{ flex: '1 1 160px' }}
        />
        <Select
          label="Severity"
          data={[
            { value: 'all', label: 'All severities' },
            ...SEVERITIES.map((value) => ({ value, label: value[0]?.toUpperCase() + value.slice(1) })),
          ]}
          value={severity}
          onChange={(value) => setSeverity(value ?? 'all')}
          allowDeselect={false}
          style={{ flex: '1 1 160px' }}
        />
      </Group>
      {errorLogs.error ? <LoadError error={errorLogs.error} /> : null}
      <Paper withBorder radius="lg" className="glass-card">
        <ErrorLogTable entries={data?.entries ?? []} onView={setSelected} />
        {data && data.entries.length === 0 ? <EmptyText>No error logs match these filters.</EmptyText> : null}
        {errorLogs.isPending ? <EmptyText>Loading error logs…</EmptyText> : null}
      </Paper>
      <Group justify="center" mt="md">
        {/* docs/product.md#admin: an ellipsis window once there are more than 5 pages (3 + 2 boundaries,
            no siblings). */}
        <Pagination
          total={totalPages}
          value={page}
          onChange={setPage}
          hideWithOnePage
          siblings={0}
          boundaries={1}
          getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
        />
      </Group>
      <ErrorLogDialog entry={selected} onClose={() => setSelected(null)} />
    </>
  );
}
