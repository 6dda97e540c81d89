import {
  Button,
  Group,
  NumberInput,
  Paper,
  Select,
  Skeleton,
  Stack,
  Switch,
  Table,
  Tabs,
  Text,
  Textarea,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { showServerFieldErrors } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { useTRPC } from '../../../lib/trpc';
import { AdminPageHeader, LoadError, TableHead } from '../AdminPageHeader';
import { formatDateTime } from '../admin-format';

const LOG_LEVELS = ['debug', 'info', 'warn', 'error'] as const;
type LogLevel = (typeof LOG_LEVELS)[number];

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (value instanceof Date) return formatDateTime(value);
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function SqlQueryTool() {
  const trpc = useTRPC();
  const form = useForm({
    mode: 'controlled',
    initialValues: { query: 'select * from claimed_profiles limit 10' },
  });
  const run = useMutation(
    trpc.admin.sqlQuery.mutationOptions({
      onError: (error) => notify.error({ title: 'Query Error', message: error.message }),
    }),
  );
  const rows = run.data?.rows ?? [];
  const columns = rows[0] ? Object.keys(rows[0]) : [];

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        For safety this tool never runs the text: whatever is typed, it shows the first 10 claimed profiles,
        and the text is recorded in the activity log.
      </Text>
      <Textarea
        label="SQL query"
        {...form.getInputProps('query')}
        autosize
        minRows={4}
        maxRows={12}
        ff="monospace"
      />
      <Group>
        <Button
          leftSection={<IconPlayerPlay size={16} />}
          loading={run.isPending}
          onClick={() => run.mutate(form.getValues())}
        >
          Run Query
        </Button>
      </Group>
      {run.data ? (
        <Paper withBorder radius="lg" className="glass-card">
          {rows.length === 0 ? (
            <Text c="dimmed" ta="center" py="lg">
              The query returned no rows.
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={640}>
              <Table verticalSpacing="xs" data-testid="sql-results">
                <TableHead columns={columns} />
                <Table.Tbody>
                  {rows.map((row) => (
                    <Table.Tr key={row.id}>
                      {columns.map((column) => (
                        <Table.Td key={column} style={{ whiteSpace: 'nowrap' }}>
                          {cellText(row[column as keyof typeof row])}
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Paper>
      ) : null}
    </Stack>
  );
}

function SettingsTool() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const settings = useQuery(trpc.admin.settings.queryOptions());
  // Named as admin.saveSettings names them, so the server's refusal of one lands on it.
  const form = useForm<{
    maintenanceMode: boolean;
    logLevel: LogLevel;
    repeatOffenderThreshold: number | string;
  }>({
    mode: 'controlled',
    initialValues: { maintenanceMode: false, logLevel: 'info', repeatOffenderThreshold: 2 },
  });
  const { setValues } = form;
  useEffect(() => {
    if (settings.data) {
      const { maintenanceMode, logLevel, repeatOffenderThreshold } = settings.data;
      setValues({ maintenanceMode, logLevel, repeatOffenderThreshold });
    }
  }, [settings.data, setValues]);
  const { maintenanceMode, logLevel, repeatOffenderThreshold: threshold } = form.values;
  const save = useMutation(
    trpc.admin.saveSettings.mutationOptions({
      onSuccess: (saved) => {
        queryClient.setQueryData(trpc.admin.settings.queryKey(), saved);
        notify.success({
          title: 'Settings saved',
          message: `Maintenance mode is ${saved.maintenanceMode ? 'on' : 'off'}; log level ${saved.logLevel}; ratings held after more than ${saved.repeatOffenderThreshold} removals.`,
        });
      },
      onError: (error) => {
        showServerFieldErrors(form, error);
        notify.error({ title: 'Could not save settings', message: error.message });
      },
    }),
  );

  if (settings.error) return <LoadError error={settings.error} />;
  if (!settings.data) return <Skeleton h={160} />;
  return (
    <Stack gap="md" maw={420}>
      <Switch
        label="Maintenance mode"
        description="While on, new ratings are refused with a maintenance notice."
        {...form.getInputProps('maintenanceMode', { type: 'checkbox' })}
      />
      <Select
        label="Log level"
        description="How much the server writes to its log, applied at once on every instance."
        data={LOG_LEVELS.map((level) => ({ value: level, label: level }))}
        value={logLevel}
        onChange={(value) => {
          const level = LOG_LEVELS.find((candidate) => candidate === value);
          if (level) form.setFieldValue('logLevel', level);
        }}
        allowDeselect={false}
      />
      <NumberInput
        label="Repeat offenders"
        description="An author whose ratings moderators hid or deleted more than this many times has their next ratings held for review."
        {...form.getInputProps('repeatOffenderThreshold')}
        min={1}
        max={100}
        allowDecimal={false}
        allowNegative={false}
      />
      <Group>
        <Button
          loading={save.isPending}
          onClick={() =>
            save.mutate({
              maintenanceMode,
              logLevel,
              // An empty or unreadable field keeps the threshold in force; the server refuses one out of range.
              ...(typeof threshold === 'number' ? { repeatOffenderThreshold: threshold } : {}),
            })
          }
        >
          Save Settings
        </Button>
      </Group>
    </Stack>
  );
}

export function TestingToolsPage() {
  return (
    <>
      <AdminPageHeader title="Testing Tools" />
      <Tabs defaultValue="sql" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="sql">SQL Query</Tabs.Tab>
          <Tabs.Tab value="logs">View Logs</Tabs.Tab>
          <Tabs.Tab value="settings">Settings</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="sql">
          <SqlQueryTool />
        </Tabs.Panel>
        <Tabs.Panel value="logs">
          <Text c="dimmed">Coming soon...</Text>
        </Tabs.Panel>
        <Tabs.Panel value="settings">
          <SettingsTool />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
