import { type MantineSpacing, Stack } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';

/**
 * One step of the rating form: its fields in a column, and a submit (the button or Enter) that goes on
 * without the browser's own validation, since the form shows its own messages.
 */
export function StepForm({
  onSubmit,
  gap,
  children,
}: {
  onSubmit: () => void;
  gap: MantineSpacing;
  children: ReactNode;
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap={gap}>{children}</Stack>
    </form>
  );
}
