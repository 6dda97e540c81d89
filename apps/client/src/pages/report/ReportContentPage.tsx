import { Anchor, Button, Container, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconFlag } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { PageHeading } from '../../components/PageHeading';
import { PRIMARY_ACTION_PROPS } from '../../components/StatusCard';
import { NoticeFiled } from '../../components/trust/NoticeFiled';
import { NoticeReasonFields } from '../../components/trust/NoticeReasonFields';
import { useNoticeForm } from '../../components/trust/use-notice-form';
import { readServerError, userFacingMessage } from '../../lib/server-error';
import { useTRPC } from '../../lib/trpc';
import { notificationIdFromLink } from './notification-link';

const LINK_UNREADABLE =
  'This is not a rating link. Rating links look like exrated.app/r/… — or leave it empty.';
const LINK_OR_DESCRIPTION = 'Please give the link to the rating, or describe what you are reporting.';

/**
 * /report, 'Report content' (docs/trust-and-safety.md#notices; DSA article 16): anyone, with or without an
 * account, can report a rating by its link (the one in the text) or by a description, and leave a contact for
 * the answer. The answer is a reference and its status page.
 */
export default function ReportContentPage() {
  useDocumentTitle('Report content · ExRated');
  const trpc = useTRPC();
  const form = useNoticeForm();
  const [link, setLink] = useState('');
  const [linkError, setLinkError] = useState<string | null>(null);
  const [contact, setContact] = useState('');
  const [descriptionError, setDescriptionError] = useState<string | null>(null);
  const file = useMutation(trpc.notice.file.mutationOptions());
  const serverError = file.error ? readServerError(file.error) : null;

  const submit = () => {
    const reason = form.checkedReason();
    const notificationId = link.trim() ? notificationIdFromLink(link) : null;
    setLinkError(link.trim() && !notificationId ? LINK_UNREADABLE : null);
    setDescriptionError(!link.trim() && !form.text ? LINK_OR_DESCRIPTION : null);
    if (!reason || (link.trim() && !notificationId) || (!link.trim() && !form.text)) return;
    file.mutate({
      ...(notificationId ? { notificationId } : {}),
      reason,
      text: form.text,
      contact: contact.trim() || undefined,
    });
  };

  return (
    <Container size="sm" py={{ base: 32, sm: 56 }}>
      <Stack gap="lg">
        <PageHeading title="Report content">
          Tell us about a rating that is not about the person it was sent to, or that breaks our{' '}
          <Anchor component={Link} to="/terms" inherit>
            terms
          </Anchor>
          . Anyone can report, with or without an account.
        </PageHeading>
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} className="glass-card">
          {file.data ? (
            <NoticeFiled reference={file.data.reference} />
          ) : (
            <Stack gap="md">
              <TextInput
                label="Link to the rating"
                description="The link in the text message, e.g. exrated.app/r/… Leave it empty if you do not have it."
                value={link}
                onChange={(event) => {
                  setLink(event.currentTarget.value);
                  setLinkError(null);
                }}
                error={linkError ?? (serverError?.code === 'NOT_FOUND' ? serverError.message : null)}
                maxLength={300}
              />
              <NoticeReasonFields
                {...form.fields}
                textLabel="What are you reporting?"
                textRequired={!link.trim()}
                textError={descriptionError}
              />
              <TextInput
                label="How can we answer you? (optional)"
                description="An email address or a phone number. Only our moderators see it. Your reference also shows the answer."
                value={contact}
                onChange={(event) => setContact(event.currentTarget.value)}
                maxLength={200}
              />
              {serverError && serverError.code !== 'NOT_FOUND' ? (
                <Text c="red.4" size="sm" role="alert">
                  {userFacingMessage(file.error, 'We could not send your report. Please try again.')}
                </Text>
              ) : null}
              <Button
                {...PRIMARY_ACTION_PROPS}
                leftSection={<IconFlag size={18} />}
                onClick={submit}
                loading={file.isPending}
              >
                Send Report
              </Button>
            </Stack>
          )}
        </Paper>
      </Stack>
    </Container>
  );
}
