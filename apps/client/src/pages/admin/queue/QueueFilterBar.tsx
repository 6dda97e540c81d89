import { Group, Select, TextInput } from '@mantine/core';
import { useState } from 'react';
import { NOTICE_REASON_OPTIONS } from '../../../components/trust/notice-reasons';
import type { Queue, QueueItem } from './queue-types';

/** admin.queue's filters. */
export interface QueueFilters {
  kind?: QueueItem['kind'] | undefined;
  trigger?: string | undefined;
  reference?: string | undefined;
}

const KIND_FILTER_OPTIONS = [
  { value: '', label: 'Every kind' },
  { value: 'held_rating', label: 'Held ratings' },
  { value: 'notice', label: 'Notices' },
  { value: 'appeal', label: 'Appeals' },
];

function isKind(value: string): value is QueueItem['kind'] {
  return value === 'held_rating' || value === 'notice' || value === 'appeal';
}

/** The queue's filters: kind, rule or reason, and a notice's reference (searched on Enter). */
export function QueueFilterBar({
  filters,
  onChange,
  heldReasons,
}: {
  filters: QueueFilters;
  onChange: (filters: QueueFilters) => void;
  heldReasons: Queue['heldReasonOptions'];
}) {
  const [reference, setReference] = useState(filters.reference ?? '');
  const triggers = [
    { value: '', label: 'Every rule and reason' },
    ...heldReasons,
    ...NOTICE_REASON_OPTIONS.map((option) => ({ value: option.value, label: `Notice: ${option.label}` })),
    { value: 'appeal', label: 'Appeals' },
  ];
  return (
    <Group gap="sm" mb="md" align="flex-end" wrap="wrap">
      <Select
        label="Kind"
        data={KIND_FILTER_OPTIONS}
        value={filters.kind ?? ''}
        onChange={(value) => onChange({ ...filters, kind: value && isKind(value) ? value : undefined })}
        allowDeselect={false}
        w={{ base: '100%', sm: 180 }}
      />
      <Select
        label="Rule or reason"
        data={triggers}
        value={filters.trigger ?? ''}
        onChange={(value) => onChange({ ...filters, trigger: value || undefined })}
        allowDeselect={false}
        w={{ base: '100%', sm: 320 }}
      />
      <TextInput
        label="Notice reference"
        placeholder="e.g. ABCD-EFGH-2345"
        value={reference}
        onChange={(event) => setReference(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') onChange({ ...filters, reference: reference.trim() || undefined });
        }}
        onBlur={() => onChange({ ...filters, reference: reference.trim() || undefined })}
        w={{ base: '100%', sm: 220 }}
      />
    </Group>
  );
}
