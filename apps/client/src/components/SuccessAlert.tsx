import { Alert, type MantineSpacing } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** The green 'done' box that replaces a form or a button once what it asked for has happened. */
export function SuccessAlert({
  title,
  mt,
  children,
}: {
  title: string;
  mt?: MantineSpacing;
  children: ReactNode;
}) {
  return (
    <Alert
      mt={mt}
      radius="md"
      color="teal"
      variant="light"
      icon={<IconCircleCheck size={20} />}
      title={title}
      role="status"
    >
      {children}
    </Alert>
  );
}
