import { Badge, Code, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatPhoneForDisplay } from '../../../lib/phone-format';
import { formatDateTime, SEVERITY_COLORS } from '../admin-format';
import type { ErrorLogEntry } from '../admin-types';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2} style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      {typeof children === 'string' || children === null ? (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {children || '—'}
        </Text>
      ) : (
        children
      )}
    </Stack>
  );
}

/** Every field of one error entry (docs/product.md#admin). */
export function ErrorLogDialog({ entry, onClose }: { entry: ErrorLogEntry | null; onClose: () => void }) {
  return (
    <Modal opened={entry !== null} onClose={onClose} title="Error details" size="xl">
      {entry ? (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Field label="Date">{formatDateTime(entry.createdAt)}</Field>
            <Field label="Severity">
              <Badge color={SEVERITY_COLORS[entry.severity] ?? 'gray'} variant="light">
                {entry.severity}
              </Badge>
            </Field>
            <Field label="User ID">{entry.userId}</Field>
            <Field label="Phone">{entry.phoneNumber ? formatPhoneForDisplay(entry.phoneNumber) : null}</Field>
            <Field label="Component">{entry.componentName}</Field>
            <Field label="Error Type">{entry.errorType}</Field>
            <Field label="IP Address">{entry.ipAddress}</Field>
            <Field label="URL">{entry.url}</Field>
          </SimpleGrid>
          <Field label="Message">{entry.errorMessage}</Field>
          <Field label="User Agent">{entry.userAgent}</Field>
          <Field label="Stack Trace">
            {entry.errorStack ? (
              <Code block style={{ maxHeight: 260, overflow: 'auto' }}>
                {entry.errorStack}
              </Code>
            ) : null}
          </Field>
          <Field label="Details">
            {entry.details ? <Code block>{JSON.stringify(entry.details, null, 2)}</Code> : null}
          </Field>
        </Stack>
      ) : null}
    </Modal>
  );
}
