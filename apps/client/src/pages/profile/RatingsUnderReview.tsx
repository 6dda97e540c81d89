import { NOTICE_TEXT_MAX } from '@exrated/content/notice-fields';
import type { AppRouter } from '@exrated/server/router';
import { Badge, Button, Container, Group, Modal, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconEyeOff, IconHourglass, IconMessageReport } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { inferOutput, TRPCOptionsProxy } from '@trpc/tanstack-react-query';
import dayjs from 'dayjs';
import { useState } from 'react';
import { DialogButtons } from '../../components/trust/ConfirmDialog';
import { showServerFieldErrors } from '../../lib/form-errors';
import { notify } from '../../lib/notify';
import { userFacingMessage } from '../../lib/server-error';
import { useTRPC } from '../../lib/trpc';

type GivenRating = inferOutput<TRPCOptionsProxy<AppRouter>['profile']['ratingsGiven']>['ratings'][number];

function isUnderReview(rating: GivenRating) {
  return rating.state === 'hidden' || rating.state === 'held' || rating.appeal !== null;
}

const APPEAL_FAILED = 'We could not send your appeal. Please try again.';

function AppealDialog({ rating, onClose }: { rating: GivenRating; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useForm({ mode: 'controlled', initialValues: { text: '' } });
  const appeal = useMutation(
    trpc.profile.appeal.mutationOptions({
      onSuccess: async () => {
        onClose();
        notify.success({ title: 'Appeal sent', message: 'A moderator will look at your rating again.' });
        await queryClient.invalidateQueries({ queryKey: trpc.profile.ratingsGiven.queryKey() });
      },
      onError: (error) => {
        // The dialog's one field says why, whether the server refused the text or the call failed.
        if (showServerFieldErrors(form, error).length === 0) {
          form.setFieldError('text', userFacingMessage(error, APPEAL_FAILED));
        }
      },
    }),
  );
  return (
    <Modal
      opened
      onClose={appeal.isPending ? () => undefined : onClose}
      title="Appeal this decision"
      centered
      radius="lg"
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          A moderator looks at your rating of {rating.name} again. You can appeal each rating once.
        </Text>
        <Textarea
          label="Why should it be shown? (optional)"
          {...form.getInputProps('text')}
          maxLength={NOTICE_TEXT_MAX}
          autosize
          minRows={3}
        />
        <DialogButtons
          onCancel={onClose}
          onConfirm={() =>
            appeal.mutate({ ratingId: rating.id, text: form.getValues().text.trim() || undefined })
          }
          confirmLabel="Send Appeal"
          busy={appeal.isPending}
        />
      </Stack>
    </Modal>
  );
}

function GivenRatingCard({ rating, onAppeal }: { rating: GivenRating; onAppeal: () => void }) {
  const hidden = rating.state === 'hidden';
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      className="glass-card"
      component="article"
      aria-label={`Your rating of ${rating.name}`}
    >
      <Stack gap={6}>
        <Group justify="space-between" gap="xs">
          <Text fw={700}>
            {rating.name} · {rating.relationshipLabel}
          </Text>
          <Badge
            color={hidden ? 'orange' : rating.state === 'held' ? 'yellow' : 'teal'}
            variant="light"
            leftSection={hidden ? <IconEyeOff size={12} /> : <IconHourglass size={12} />}
          >
            {hidden ? 'Hidden' : rating.state === 'held' ? 'Held for review' : 'Shown'}
          </Badge>
        </Group>
        <Text size="xs" c="dimmed">
          Written {dayjs(rating.createdAt).format('D MMM YYYY')}
        </Text>
        {rating.heldRule ? (
          <Text size="sm">Why: {rating.heldRule}. A moderator checks it before it is shown.</Text>
        ) : null}
        {rating.decision ? (
          <Text size="sm">
            Decision: {rating.decision.outcomeLabel}. Reason: {rating.decision.reasonLabel}.
            {rating.decision.note ? ` ${rating.decision.note}` : ''}
          </Text>
        ) : null}
        {rating.appeal ? (
          <Text size="sm" c="dimmed">
            {rating.appeal.status === 'open'
              ? `You appealed on ${dayjs(rating.appeal.filedAt).format('D MMM YYYY')}. A moderator will decide.`
              : 'Your appeal was decided (see the decision above).'}
          </Text>
        ) : null}
        {rating.appealNeedsProof ? (
          <Text size="sm" c="dimmed">
            Verify your phone number to appeal: until then no moderator reads this rating.
          </Text>
        ) : null}
        {rating.canAppeal ? (
          <Group justify="flex-end">
            <Button
              size="xs"
              variant="light"
              leftSection={<IconMessageReport size={14} />}
              onClick={onAppeal}
            >
              Appeal
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}

/**
 * On /profile: the ratings this person wrote that are held for review or hidden, with the rule or the
 * decision's reasons, and their one appeal (docs/trust-and-safety.md#decisions). Nothing shows when there are
 * none.
 */
export function RatingsUnderReview() {
  const trpc = useTRPC();
  const given = useQuery(trpc.profile.ratingsGiven.queryOptions());
  const [appealing, setAppealing] = useState<GivenRating | null>(null);
  const flagged = given.data?.ratings.filter(isUnderReview) ?? [];
  if (flagged.length === 0) return null;
  return (
    <Container size="md" px={0}>
      <Stack gap="sm">
        <div>
          <Title order={2} fz={{ base: 22, sm: 26 }}>
            Your ratings under review
          </Title>
          <Text c="dimmed" size="sm">
            Ratings you wrote that are held for a moderator or hidden, and why.
          </Text>
        </div>
        {flagged.map((rating) => (
          <GivenRatingCard key={rating.id} rating={rating} onAppeal={() => setAppealing(rating)} />
        ))}
      </Stack>
      {appealing ? <AppealDialog rating={appealing} onClose={() => setAppealing(null)} /> : null}
    </Container>
  );
}
