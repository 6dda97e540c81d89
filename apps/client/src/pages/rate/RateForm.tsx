import { RATINGS_TO_UNLOCK } from '@exrated/content/unlock';
import { Alert, Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { HeldRatingsNotice } from '../../components/ratings/HeldRatingsNotice';
import type { Viewer } from '../../lib/viewer';
import { BasicInfoStep } from './BasicInfoStep';
import { RatingsStep } from './RatingsStep';
import { RedirectProgress } from './RedirectProgress';
import type { RateFlags } from './rate-flow';
import { useRateForm } from './use-rate-form';

const STEP_COUNT = 2;
const STEP_NAMES = { 1: 'Basic Info', 2: 'Ratings & Review' } as const;

/** The two-step rating form with its progress, as docs/product.md#rate-form lays it out. */
export function RateForm({
  flags,
  viewer,
  sharedPhone,
}: {
  flags: RateFlags;
  viewer: Viewer;
  /** The `?phone=` of a shared link, as given. */
  sharedPhone: string | null;
}) {
  const form = useRateForm({ sharedPhone, flags, viewer });
  const percent = Math.round((form.step / STEP_COUNT) * 100);
  const isSecondRating = form.ratingsGiven === RATINGS_TO_UNLOCK - 1 && !viewer.isUnlocked;

  return (
    <Stack gap="lg">
      {flags.fromRedirect ? <RedirectProgress ratingsGiven={form.ratingsGiven} /> : null}
      {viewer.isVerified ? null : <HeldRatingsNotice />}
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} className="glass-card">
        <Stack gap="lg">
          <Stack gap={6}>
            <Group justify="space-between" gap="xs">
              <Text size="sm" fw={600} c="white">
                Step {form.step} of {STEP_COUNT}
                <Text span c="dimmed" fw={400}>
                  {' · '}
                  {STEP_NAMES[form.step]}
                </Text>
              </Text>
              <Text size="sm" c="dimmed">
                {percent}%
              </Text>
            </Group>
            <Progress
              value={percent}
              size="sm"
              radius="xl"
              aria-label={`Step ${form.step} of ${STEP_COUNT}`}
            />
          </Stack>

          {form.questionsFailed ? (
            <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
              <Stack gap="xs" align="flex-start">
                <Text size="sm">
                  The rating form could not be loaded. Check your connection and try again.
                </Text>
                <Button size="xs" variant="white" color="red" onClick={() => window.location.reload()}>
                  Reload
                </Button>
              </Stack>
            </Alert>
          ) : null}

          {form.step === 1 ? (
            <BasicInfoStep
              info={form.info}
              onChange={form.setInfo}
              errors={form.stepOneErrors}
              attempted={form.attempted}
              relationshipTypes={form.relationshipTypes}
              onContinue={form.goToRatings}
              isSecondRating={isSecondRating}
            />
          ) : (
            <RatingsStep
              questions={form.questions}
              scores={form.scores}
              onScoreChange={form.setScore}
              texts={form.texts}
              onTextChange={form.setTexts}
              fieldErrors={form.fieldErrors}
              submitting={form.submitting}
              error={form.banner}
              onBack={form.back}
              onSubmit={form.send}
            />
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
