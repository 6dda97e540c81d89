import { LONG_TEXT_MAX_LENGTH, TESTIMONIAL_MAX_LENGTH } from '@exrated/content/rating-fields';
import {
  Alert,
  Button,
  Group,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft, IconEyeExclamation } from '@tabler/icons-react';
import { AnonymitySummary } from '../../components/trust/AnonymitySettings';
import classes from './RatePage.module.css';
import { type RatingQuestion, RatingScoreSlider } from './RatingScoreSlider';
import type { ReviewTexts } from './rating-form-rules';
import { StepForm } from './StepForm';
import { useIdentifyingDetailsNudge } from './use-identifying-details';

interface RatingsStepProps {
  questions: readonly RatingQuestion[] | undefined;
  scores: Record<number, number>;
  onScoreChange: (questionId: number, score: number) => void;
  texts: ReviewTexts;
  onTextChange: (patch: Partial<ReviewTexts>) => void;
  /** Field errors, keyed like the server's input ('testimonial', 'scores.0.score', ...): the server's, or a
   * refusal the browser found with the same rules before submit. */
  fieldErrors: Record<string, string>;
  submitting: boolean;
  /** The red banner's message, without the 'Error: ' prefix. */
  error: string | null;
  onBack: () => void;
  onSubmit: () => void;
}

const LONG_TEXTS: Array<{
  field: Exclude<keyof ReviewTexts, 'testimonial'>;
  label: string;
  placeholder: string;
}> = [
  {
    field: 'gratitude',
    label: 'What were you grateful for in the relationship?',
    placeholder: 'The good parts, the lessons, the moments worth keeping...',
  },
  {
    field: 'selfReflection',
    label: 'What do you wish you had done differently?',
    placeholder: 'Looking back at your own part in it...',
  },
  {
    field: 'feedback',
    label: 'What do you wish they had done differently?',
    placeholder: 'What would have made it better for you...',
  },
];

/** Step 2 of 2: the five scores and the written review (docs/product.md#rate-form). */
export function RatingsStep({
  questions,
  scores,
  onScoreChange,
  texts,
  onTextChange,
  fieldErrors,
  submitting,
  error,
  onBack,
  onSubmit,
}: RatingsStepProps) {
  const nudge = useIdentifyingDetailsNudge(texts);
  return (
    <StepForm onSubmit={onSubmit} gap="lg">
      <Stack gap={4}>
        <Title order={2} fz={{ base: 20, sm: 22 }}>
          How was your experience?
        </Title>
        <Text c="dimmed" size="sm">
          Be brutally honest. Your ex won't know it's you.
        </Text>
        <AnonymitySummary />
      </Stack>

      {questions ? (
        // Tooltips open after 700 ms; moving to the next one within 300 ms opens it at once.
        <Tooltip.Group openDelay={700} closeDelay={300}>
          <Stack gap="lg">
            {questions.map((question, index) => (
              <RatingScoreSlider
                key={question.id}
                question={question}
                value={scores[question.id] ?? 5}
                onChange={(score) => onScoreChange(question.id, score)}
                disabled={submitting}
                error={fieldErrors[`scores.${index}.score`]}
              />
            ))}
          </Stack>
        </Tooltip.Group>
      ) : (
        <Skeleton height={420} radius="md" aria-label="Loading the questions" />
      )}
      {fieldErrors.scores ? (
        <Text size="sm" c="red.5" role="alert">
          {fieldErrors.scores}
        </Text>
      ) : null}

      {LONG_TEXTS.map(({ field, label, placeholder }) => (
        <Textarea
          key={field}
          label={label}
          placeholder={placeholder}
          value={texts[field]}
          onChange={(event) => onTextChange({ [field]: event.currentTarget.value })}
          error={fieldErrors[field]}
          disabled={submitting}
          maxLength={LONG_TEXT_MAX_LENGTH}
          autosize
          minRows={3}
          maxRows={8}
          description={`${texts[field].length}/${LONG_TEXT_MAX_LENGTH.toLocaleString('en-US')} · optional`}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
        />
      ))}
      <TextInput
        label="One-Line Testimonial (Optional)"
        placeholder="Sum them up in one line"
        value={texts.testimonial}
        onChange={(event) => onTextChange({ testimonial: event.currentTarget.value })}
        error={fieldErrors.testimonial}
        disabled={submitting}
        maxLength={TESTIMONIAL_MAX_LENGTH}
        description={`${texts.testimonial.length}/${TESTIMONIAL_MAX_LENGTH}`}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
      />
      {nudge ? (
        <Alert
          variant="light"
          color="yellow"
          role="status"
          icon={<IconEyeExclamation size={20} />}
          data-testid="identifying-details-nudge"
        >
          {nudge} You may keep them.
        </Alert>
      ) : null}
      <Text size="xs" c="dimmed">
        First names only; no phone numbers, emails, links or @handles; no slurs, graphic sexual terms, threats
        or addresses (see the Terms).
      </Text>

      {error ? (
        <Alert variant="filled" color="red" role="alert" icon={<IconAlertTriangle size={20} />}>
          Error: {error}
        </Alert>
      ) : null}

      <Group justify="space-between" gap="sm" wrap="nowrap">
        <Button
          variant="default"
          radius="xl"
          size="md"
          leftSection={<IconArrowLeft size={18} />}
          onClick={onBack}
          disabled={submitting}
        >
          Back
        </Button>
        <Button
          type="submit"
          radius="xl"
          size="md"
          variant="gradient"
          gradient={{ from: 'brand.5', to: 'violet.6', deg: 100 }}
          disabled={submitting || !questions}
          className={classes.submit}
        >
          {submitting ? 'Submitting...' : 'Submit Rating'}
        </Button>
      </Group>
    </StepForm>
  );
}
