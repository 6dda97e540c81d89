import { Button, Chip, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { notify } from '../../../lib/notify';
import { SHARE_TEMPLATES, shareLink } from './share-templates';

/** docs/product.md#share-dialog: the copy button reads 'Copied!' for 2 seconds. */
const COPIED_MS = 2000;

interface ShareDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The sharer's own phone number in E.164: the ex rates this number. */
  phoneNumber: string;
}

/** 'Share with an Ex': a ready-made message, with the link to rate the sharer, to paste wherever they talk. */
export function ShareDialog({ opened, onClose, phoneNumber }: ShareDialogProps) {
  const [templateId, setTemplateId] = useState(SHARE_TEMPLATES[0]?.id ?? '');
  const [copied, setCopied] = useState(false);
  const template = SHARE_TEMPLATES.find((candidate) => candidate.id === templateId) ?? SHARE_TEMPLATES[0];
  const message = template ? template.message(shareLink(window.location.origin, phoneNumber)) : '';

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  async function copy() {
    try {
      // navigator.clipboard is missing outside secure contexts; calling it then throws and lands below.
      await navigator.clipboard.writeText(message);
      setCopied(true);
      notify.success({ title: 'Copied to clipboard!', message: 'Paste it into a message to your ex.' });
    } catch {
      setCopied(false);
      notify.error({ title: 'Copy failed', message: 'Select the message and copy it yourself.' });
    }
  }

  return (
    <Modal opened={opened} onClose={onClose} title="Share with an Ex" size="lg" centered radius="lg">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Pick a message, copy it and send it to an ex. The link opens the rating form with your number filled
          in; an ex who has not proven their own number yet is asked to first. Their rating stays anonymous.
        </Text>
        <Chip.Group
          multiple={false}
          value={templateId}
          onChange={(value) => {
            setTemplateId(value);
            setCopied(false);
          }}
        >
          <Group gap="xs" role="radiogroup" aria-label="Message template">
            {SHARE_TEMPLATES.map((candidate) => (
              <Chip key={candidate.id} value={candidate.id} type="radio" variant="outline" size="sm">
                {candidate.name}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
        <Textarea
          label="Your message"
          value={message}
          readOnly
          autosize
          minRows={4}
          onFocus={(event) => event.currentTarget.select()}
        />
        <Group justify="space-between" wrap="wrap-reverse" gap="sm">
          <Button variant="default" onClick={onClose}>
            Done
          </Button>
          <Button
            onClick={copy}
            color={copied ? 'teal' : undefined}
            leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
          >
            {copied ? 'Copied!' : 'Copy message'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
