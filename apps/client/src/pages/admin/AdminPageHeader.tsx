import { Button, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconRefresh, IconSearch } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** The title row of every admin page, with its actions (Refresh, Export) on the right. */
export function AdminPageHeader({
  title,
  description,
  actions,
}: {
  title: string;
  description?: string;
  actions?: ReactNode;
}) {
  return (
    <Group justify="space-between" align="flex-end" mb="lg" gap="sm">
      <Stack gap={2}>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          {title}
        </Title>
        {description ? (
          <Text c="dimmed" size="sm">
            {description}
          </Text>
        ) : null}
      </Stack>
      {actions ? <Group gap="xs">{actions}</Group> : null}
    </Group>
  );
}

/**
 * What an admin page shows when its data could not be loaded: people need to know (docs/product.md#admin).
 */
export function LoadError({ error }: { error: { message: string } }) {
  return (
    <Text c="red.4" role="alert">
      Could not load this page: {error.message}
    </Text>
  );
}

/** The header row of an admin table whose columns are plain titles. */
export function TableHead({ columns }: { columns: readonly string[] }) {
  return (
    <Table.Thead>
      <Table.Tr>
        {columns.map((column) => (
          <Table.Th key={column}>{column}</Table.Th>
        ))}
      </Table.Tr>
    </Table.Thead>
  );
}

/** The centred grey line a list shows when nothing matches. */
export function EmptyText({ children }: { children: ReactNode }) {
  return (
    <Text c="dimmed" ta="center" py="xl">
      {children}
    </Text>
  );
}

/** Reloads a page's data; spins while any request of it is in flight. */
export function RefreshButton({ onRefresh, busy }: { onRefresh: () => void; busy: boolean }) {
  return (
    <Button variant="default" leftSection={<IconRefresh size={16} />} onClick={onRefresh} loading={busy}>
      Refresh
    </Button>
  );
}

/** The 'Search' field of the admin lists. */
export function SearchInput({
  value,
  onChange,
  placeholder,
}: {
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
}) {
  return (
    <TextInput
      label="Search"
      placeholder={placeholder}
      leftSection={<IconSearch size={16} />}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      style={{ flex: '2 1 220px' }}
    />
  );
}
