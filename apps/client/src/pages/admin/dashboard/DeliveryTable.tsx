import { Table, Text } from '@mantine/core';
import type { DashboardData } from '../admin-types';

type Delivery = DashboardData['delivery'];

const KIND_LABELS: Record<Delivery['texts'][number]['kind'], string> = {
  code: 'Codes',
  rating: 'Rating texts',
  reply: 'Help replies',
};

const PROVIDER_LABELS: Record<string, string> = { twilio: 'Twilio', sns: 'AWS', console: 'Console' };

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** What became of the texts: accepted, then delivered, undelivered or unknown; and the replies received. */
export function DeliveryTable({ delivery }: { delivery: Delivery }) {
  const replies = delivery.replies
    .map((row) => `${PROVIDER_LABELS[row.provider] ?? row.provider}: ${row.replies.toLocaleString()}`)
    .join(', ');
  return (
    <>
      {delivery.texts.length === 0 ? (
        <Text c="dimmed" size="sm">
          No texts in the last 30 days.
        </Text>
      ) : (
        <Table.ScrollContainer
          minWidth={560}
          // No link or button inside: the viewport itself takes the focus, so the arrow keys can scroll it.
          scrollAreaProps={{
            viewportProps: {
              tabIndex: 0,
              role: 'region',
              'aria-label': 'Text delivery by kind, provider and country',
            },
          }}
        >
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Kind</Table.Th>
                <Table.Th scope="col">Provider</Table.Th>
                <Table.Th scope="col">Country</Table.Th>
                {['Sent', 'Delivered', 'Undelivered', 'Unknown', 'Refused'].map((label) => (
                  <Table.Th key={label} scope="col" ta="right">
                    {label}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {delivery.texts.map((row) => (
                <Table.Tr key={`${row.kind}-${row.provider}-${row.country ?? 'unknown'}`}>
                  <Table.Td>{KIND_LABELS[row.kind]}</Table.Td>
                  <Table.Td>{PROVIDER_LABELS[row.provider] ?? row.provider}</Table.Td>
                  <Table.Td>
                    {row.country ? (regionNames.of(row.country) ?? row.country) : 'Unknown'}
                  </Table.Td>
                  {[row.sent, row.delivered, row.undelivered, row.unknown, row.refused].map(
                    (value, index) => (
                      <Table.Td
                        key={['sent', 'delivered', 'undelivered', 'unknown', 'refused'][index]}
                        ta="right"
                      >
                        {value.toLocaleString()}
                      </Table.Td>
                    ),
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Text c="dimmed" size="sm" mt="sm">
        Replies received: {replies || 'none'}
      </Text>
    </>
  );
}
