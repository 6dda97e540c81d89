import { NOTICE_CONTACT_MAX } from '@exrated/content/notice-fields';
import { Anchor, Button, Container, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconFlag } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { PageHeading } from '../../components/PageHeading';
import { PRIMARY_ACTION_PROPS } from '../../components/StatusCard';
import { NoticeFiled } from '../../components/trust/NoticeFiled';
import { NoticeReasonFields } from '../../components/trust/NoticeReasonFields';
import { type NoticeFormValues, useNoticeForm } from '../../components/trust/use-notice-form';
import { showServerFieldErrors } from '../../lib/form-errors';
import { readServerError, serverFieldErrors, userFacingMessage } from '../../lib/server-error';
import { useTRPC } from '../../lib/trpc';
import { notificationIdFromLink } from './notification-link';

const LINK_UNREADABLE =
  'This is not a rating link. Rating links look like exrated.app/r/… — or leave it empty.';
const LINK_OR_DESCRIPTION = 'Please give the link to the rating, or describe what you are reporting.';

/** The page's own rules: a link, when given, must be a rating link; without one the description is required. */
function linkOrDescription({ link, text }: NoticeFormValues) {
  if (link.trim()) return notificationIdFromLink(link) ? {} : { link: LINK_UNREADABLE };
  return text.trim() ? {} : { text: LINK_OR_DESCRIPTION };
}

/**
 * /report, 'Report content' (docs/trust-and-safety.md#notices; DSA article 16): anyone, with or without an
 * account, can report a rating by its link (the one in the text) or by a description, and leave a contact for
 * the answer. The answer is a reference and its status page.
 */
export default function ReportContentPage() {
  useDocumentTitle('Report content · ExRated');
  const trpc = useTRPC();
  const notice = useNoticeForm(linkOrDescription);
  const { form } = notice;
  const file = useMutation(
    trpc.notice.file.mutationOptions({
      onError: (error) => {
        // A link to no rating the server knows is the link's error, like one it cannot read.
        if (readServerError(error).code === 'NOT_FOUND') {
          form.setFieldError('link', readServerError(error).message);
          return;
        }
        showServerFieldErrors(form, error, { renamed: { notificationId: 'link' } });
      },
    }),
  );
  const failed =
    file.error &&
    readServerError(file.error).code !== 'NOT_FOUND' &&
    Object.keys(serverFieldErrors(file.error)).length === 0;

  const submit = () => {
    const values = notice.checked();
    if (!values) return;
    const notificationId = values.link ? notificationIdFromLink(values.link) : null;
    file.mutate({
      ...(notificationId ? { notificationId } : {}),
      reason: values.reason,
      text: values.text,
      contact: values.contact,
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
                {...form.getInputProps('link')}
                maxLength={300}
              />
              <NoticeReasonFields
                {...notice.fields}
                textLabel="What are you reporting?"
                textRequired={!form.values.link.trim()}
              />
              <TextInput
                label="How can we answer you? (optional)"
                description="An email address or a phone number. Only our moderators see it. Your reference also shows the answer."
                {...form.getInputProps('contact')}
                maxLength={NOTICE_CONTACT_MAX}
              />
              {failed ? (
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
