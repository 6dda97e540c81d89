import { Anchor, Badge, Button, Code, Collapse, Group, Paper, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { formatPhoneForDisplay } from '../../../lib/phone-format';
import { EmptyText } from '../AdminPageHeader';
import { formatDateTime, profilePath, truncate } from '../admin-format';

export interface LogListEntry {
  id: string;
  action: string;
  createdAt: Date;
  phoneNumber?: string | null;
  userId?: string | null;
  ipAddress: string | null;
  userAgent: string | null;
  details: Record<string, unknown> | null;
}

function actionColor(action: string): string {
  if (/(failed|invalid|error|expired|max_attempts)/.test(action)) return 'red';
  if (action.startsWith('verification')) return 'violet';
  if (action.startsWith('admin')) return 'gray';
  if (action.startsWith('rating')) return 'brand';
  return 'blue';
}

function LogEntryRow({ entry }: { entry: LogListEntry }) {
  const [opened, { toggle }] = useDisclosure(false);
  const detailsId = useId();
  const hasDetails = entry.details !== null && Object.keys(entry.details).length > 0;
  return (
    <Paper withBorder radius="md" p="sm" className="glass-card" data-testid="log-entry">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
          <Group gap="xs" wrap="wrap">
            <Badge variant="light" color={actionColor(entry.action)} tt="none">
              {entry.action}
            </Badge>
            <Text size="sm" c="dimmed">
              {formatDateTime(entry.createdAt)}
            </Text>
          </Group>
          <Group gap="md" wrap="wrap">
            {entry.phoneNumber ? (
              <Anchor component={Link} to={profilePath(entry.phoneNumber)} size="sm">
                {formatPhoneForDisplay(entry.phoneNumber)}
              </Anchor>
            ) : null}
            {entry.ipAddress ? (
              <Text size="sm" c="dimmed">
                IP {entry.ipAddress}
              </Text>
            ) : null}
            {entry.userAgent ? (
              <Text size="sm" c="dimmed" title={entry.userAgent} style={{ overflowWrap: 'anywhere' }}>
                {truncate(entry.userAgent, 50)}
              </Text>
            ) : null}
          </Group>
        </Stack>
        <Button
          variant="subtle"
          size="compact-sm"
          style={{ flexShrink: 0 }}
          onClick={toggle}
          aria-expanded={opened}
          aria-controls={detailsId}
          rightSection={opened ? <IconChevronUp size={14} /> : <IconChevronDown size={14} />}
        >
          Details
        </Button>
      </Group>
      <Collapse expanded={opened} id={detailsId}>
        <Stack gap="xs" mt="sm">
          {entry.userId ? (
            <Text size="sm">
              User id: <Code>{entry.userId}</Code>
            </Text>
          ) : null}
          {entry.userAgent ? (
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              User agent: {entry.userAgent}
            </Text>
          ) : null}
          {hasDetails ? (
            <Code block>{JSON.stringify(entry.details, null, 2)}</Code>
          ) : (
            <Text size="sm" c="dimmed">
              No details recorded.
            </Text>
          )}
        </Stack>
      </Collapse>
    </Paper>
  );
}

/** Activity entries, newest first, each expandable to its details (docs/product.md#admin). */
export function LogEntryList({ entries, emptyText }: { entries: LogListEntry[]; emptyText: string }) {
  if (entries.length === 0) {
    return <EmptyText>{emptyText}</EmptyText>;
  }
  return (
    <Stack gap="xs">
      {entries.map((entry) => (
        <LogEntryRow key={entry.id} entry={entry} />
      ))}
    </Stack>
  );
}
