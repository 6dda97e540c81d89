import { Divider, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A card of /settings under the main one: its heading, what it does, and its buttons below a rule. */
export function SettingsSection({
  title,
  description,
  children,
}: {
  title: string;
  description: ReactNode;
  /** The section's buttons. */
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} className="glass-card">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {title}
        </Title>
        <Text size="sm" c="dimmed">
          {description}
        </Text>
        <Divider opacity={0.4} />
        {children}
      </Stack>
    </Paper>
  );
}
