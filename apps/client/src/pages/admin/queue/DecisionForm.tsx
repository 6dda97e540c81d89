import { Button, Group, SegmentedControl, Select, Stack, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useRef } from 'react';
import type { DecisionChoice, FormControls, Outcome, Queue, Reason } from './queue-types';

export const OUTCOME_OPTIONS: Array<{ value: Outcome; label: string }> = [
  { value: 'keep', label: 'Keep' },
  { value: 'hide', label: 'Hide' },
  { value: 'delete', label: 'Delete' },
];

function isOutcome(value: string): value is Outcome {
  return OUTCOME_OPTIONS.some((option) => option.value === value);
}

/**
 * Keep, hide or delete with a reason and a note: the form of one queue item and of a whole group. Without a
 * rating to act on only Keep is offered.
 */
export function DecisionForm({
  primary,
  canRemove,
  reasons,
  noteLabel,
  submitLabel,
  pending,
  onDecide,
  register,
}: {
  /** The form of the entry being worked: toasts keep clear of it (NotificationsHost's primary actions). */
  primary: boolean;
  canRemove: boolean;
  reasons: Queue['decisionReasons'];
  noteLabel: string;
  /** The button's words after 'Decide', e.g. ': Hide' or ' all 3: Hide'. */
  submitLabel: (outcome: string) => string;
  pending: boolean;
  onDecide: (choice: DecisionChoice) => void;
  register: (controls: FormControls | null) => void;
}) {
  const reasonRef = useRef<HTMLInputElement>(null);
  const noteRef = useRef<HTMLTextAreaElement>(null);
  const form = useForm<{ outcome: Outcome; reason: Reason | null; note: string }>({
    mode: 'controlled',
    initialValues: { outcome: canRemove ? 'hide' : 'keep', reason: null, note: '' },
    validate: { reason: (value) => (value ? null : 'Please choose a reason from the list.') },
  });
  const { outcome, reason } = form.values;
  const setOutcome = (value: Outcome) => form.setFieldValue('outcome', value);
  const submit = () => {
    const { hasErrors } = form.validate();
    const values = form.getValues();
    if (hasErrors || !values.reason) return;
    if (!pending) onDecide({ outcome: values.outcome, reason: values.reason, note: values.note.trim() });
  };
  // Registered anew on every render, so a shortcut always acts on the form's current choices.
  useEffect(() => {
    register({
      choose: (choice) => {
        if (canRemove || choice === 'keep') setOutcome(choice);
      },
      // Centred: the reason list opens only while its field is in view, and a phone shows little else.
      focusReason: () => {
        reasonRef.current?.focus();
        reasonRef.current?.scrollIntoView({ block: 'center' });
      },
      focusNote: () => {
        noteRef.current?.focus();
        noteRef.current?.scrollIntoView({ block: 'center' });
      },
      submit,
    });
    return () => register(null);
  });
  const outcomeLabel = OUTCOME_OPTIONS.find((option) => option.value === outcome)?.label ?? '';
  return (
    <Stack gap="xs" data-primary-action={primary ? true : undefined}>
      <SegmentedControl
        data={canRemove ? OUTCOME_OPTIONS : OUTCOME_OPTIONS.filter((option) => option.value === 'keep')}
        value={outcome}
        onChange={(value) => isOutcome(value) && setOutcome(value)}
        aria-label="Decision"
      />
      <Select
        ref={reasonRef}
        label="Reason"
        placeholder="Choose a reason"
        data={reasons}
        value={reason}
        onChange={(value) =>
          form.setFieldValue('reason', reasons.find((option) => option.value === value)?.value ?? null)
        }
        error={form.errors.reason}
        allowDeselect={false}
        // On a phone the page can scroll the field out of view as the list opens; the list stays open then
        // instead of hiding until the field returns.
        comboboxProps={{ withinPortal: true, hideDetached: false }}
      />
      <Textarea
        ref={noteRef}
        label={noteLabel}
        {...form.getInputProps('note')}
        maxLength={1000}
        autosize
        minRows={2}
      />
      <Group justify="flex-end">
        <Button onClick={submit} loading={pending} color={outcome === 'keep' ? 'gray' : 'red'}>
          Decide{submitLabel(outcomeLabel)}
        </Button>
      </Group>
    </Stack>
  );
}
