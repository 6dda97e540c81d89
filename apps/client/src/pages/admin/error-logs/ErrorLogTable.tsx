import { Anchor, Badge, Button, Table, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { formatPhoneForDisplay } from '../../../lib/phone-format';
import { TableHead } from '../AdminPageHeader';
import { formatDateTime, profilePath, SEVERITY_COLORS, truncate } from '../admin-format';
import type { ErrorLogEntry } from '../admin-types';

/**
 * Date, Phone Number, Error, Component, Severity, Actions (docs/product.md#admin); 'View' opens the dialog.
 */
export function ErrorLogTable({
  entries,
  onView,
}: {
  entries: ErrorLogEntry[];
  onView: (entry: ErrorLogEntry) => void;
}) {
  return (
    <Table.ScrollContainer minWidth={880}>
      <Table highlightOnHover verticalSpacing="sm" horizontalSpacing="md">
        <TableHead columns={['Date', 'Phone Number', 'Error', 'Component', 'Severity', 'Actions']} />
        <Table.Tbody>
          {entries.map((entry) => (
            <Table.Tr key={entry.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.createdAt)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {entry.phoneNumber ? (
                  <Anchor component={Link} to={profilePath(entry.phoneNumber)} size="sm">
                    {formatPhoneForDisplay(entry.phoneNumber)}
                  </Anchor>
                ) : (
                  <Text c="dimmed">—</Text>
                )}
              </Table.Td>
              <Table.Td maw={360} title={entry.errorMessage} style={{ overflowWrap: 'anywhere' }}>
                {truncate(entry.errorMessage, 120)}
              </Table.Td>
              <Table.Td>{entry.componentName ?? <Text c="dimmed">—</Text>}</Table.Td>
              <Table.Td>
                <Badge color={SEVERITY_COLORS[entry.severity] ?? 'gray'} variant="light" miw="max-content">
                  {entry.severity}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Button variant="subtle" size="compact-sm" onClick={() => onView(entry)}>
                  View
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
