import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

interface DialogButtonsProps {
  onCancel: () => void;
  /** Without it only the cancel button shows (a dialog whose action is done). */
  onConfirm?: () => void;
  confirmLabel?: string;
  confirmColor?: string;
  busy: boolean;
  cancelLabel?: string;
}

/** A dialog's button row: Cancel (held while the action runs) and the action, right-aligned. */
export function DialogButtons({
  onCancel,
  onConfirm,
  confirmLabel,
  confirmColor,
  busy,
  cancelLabel = 'Cancel',
}: DialogButtonsProps) {
  return (
    <Group justify="flex-end" gap="sm">
      <Button variant="default" onClick={onCancel} disabled={busy}>
        {cancelLabel}
      </Button>
      {onConfirm ? (
        <Button color={confirmColor} onClick={onConfirm} loading={busy}>
          {confirmLabel}
        </Button>
      ) : null}
    </Group>
  );
}

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
        <DialogButtons
          onCancel={onClose}
          onConfirm={onConfirm}
          confirmLabel={confirmLabel}
          confirmColor={confirmColor}
          busy={busy}
        />
      </Stack>
    </Modal>
  );
}
