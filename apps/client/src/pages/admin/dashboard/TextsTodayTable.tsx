import { Table, Text } from '@mantine/core';
import type { DashboardData } from '../admin-types';

const KIND_LABELS: Record<DashboardData['textsToday'][number]['kind'], string> = {
  verification: 'Verification codes',
  rating: 'Rating texts',
};

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** Today's texts by kind and country: where SMS pumping would show first. */
export function TextsTodayTable({ rows }: { rows: DashboardData['textsToday'] }) {
  if (rows.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        No texts sent today.
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table striped highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Kind</Table.Th>
            <Table.Th scope="col">Country</Table.Th>
            <Table.Th scope="col" ta="right">
              Texts
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={`${row.kind}-${row.country ?? 'unknown'}`}>
              <Table.Td>{KIND_LABELS[row.kind]}</Table.Td>
              <Table.Td>{row.country ? (regionNames.of(row.country) ?? row.country) : 'Unknown'}</Table.Td>
              <Table.Td ta="right">{row.count.toLocaleString()}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
