import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

interface ConfirmDialogProps {
  opened: boolean;
  onClose: () => void;
  onConfirm: () => void;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** Red for what cannot be taken back from this screen. */
  confirmColor?: string;
  busy?: boolean;
}

/** Asks before an action with consequences (stopping texts, hiding a review); Cancel is always at hand. */
export function ConfirmDialog({
  opened,
  onClose,
  onConfirm,
  title,
  children,
  confirmLabel,
  confirmColor = 'red',
  busy = false,
}: ConfirmDialogProps) {
  return (
    <Modal opened={opened} onClose={busy ? () => undefined : onClose} title={title} centered radius="lg">
      <Stack gap="lg">
        {typeof children === 'string' ? <Text size="sm">{children}</Text> : children}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button color={confirmColor} onClick={onConfirm} loading={busy}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
