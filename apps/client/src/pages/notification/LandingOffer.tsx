import { Button, type MantineSpacing, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

interface LandingOfferProps {
  mt: MantineSpacing;
  /** The line that says what the button is for. */
  prompt: string;
  icon: ReactNode;
  label: string;
  onClick: () => void;
  /** The dialog the button opens. */
  children: ReactNode;
}

/** One of the quiet offers under the /r/:guid landing's content: a line of text and a subtle button. */
export function LandingOffer({ mt, prompt, icon, label, onClick, children }: LandingOfferProps) {
  return (
    <Paper mt={mt} p="md" radius="md" withBorder className="glass-card">
      <Stack gap="xs" align="center" ta="center">
        <Text size="sm" c="dimmed">
          {prompt}
        </Text>
        <Button variant="subtle" color="gray" leftSection={icon} onClick={onClick}>
          {label}
        </Button>
      </Stack>
      {children}
    </Paper>
  );
}
