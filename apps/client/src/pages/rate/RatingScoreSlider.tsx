import type { AppRouter } from '@exrated/server/router';
import { ActionIcon, Badge, Group, Slider, Stack, Text, Tooltip } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import type { inferOutput, TRPCOptionsProxy } from '@trpc/tanstack-react-query';
import { useId } from 'react';
import { scoreColour } from '../profile/score-colour';
import classes from './RatePage.module.css';

/** What the slider shows of a question as the server serves it (rating.questions). */
export type RatingQuestion = Pick<
  inferOutput<TRPCOptionsProxy<AppRouter>['rating']['questions']>[number],
  'id' | 'question' | 'description' | 'lowLabel' | 'highLabel'
>;

interface RatingScoreSliderProps {
  question: RatingQuestion;
  value: number;
  onChange: (value: number) => void;
  disabled: boolean;
  error?: string | undefined;
}

/** One question's 1–10 slider, with its low and high labels and the description in a tooltip. */
export function RatingScoreSlider({ question, value, onChange, disabled, error }: RatingScoreSliderProps) {
  const labelId = useId();
  return (
    <Stack gap={6} className={classes.question}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Group gap={4} wrap="nowrap">
          <Text id={labelId} fw={600} c="white">
            {question.question}
          </Text>
          {/* Tap or focus opens it too: phones have no hover. */}
          <Tooltip
            label={question.description}
            multiline
            w={260}
            withArrow
            events={{ hover: true, focus: true, touch: true }}
          >
            <ActionIcon
              variant="subtle"
              color="gray"
              size="sm"
              radius="xl"
              aria-label={`About ${question.question}: ${question.description}`}
            >
              <IconInfoCircle size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
        <Badge size="lg" variant="light" color={scoreColour(value)} className={classes.scoreBadge}>
          {value}/10
        </Badge>
      </Group>
      <Slider
        min={1}
        max={10}
        step={1}
        value={value}
        onChange={onChange}
        disabled={disabled}
        color={scoreColour(value)}
        marks={[{ value: 1 }, { value: 5 }, { value: 10 }]}
        thumbProps={{ 'aria-labelledby': labelId }}
        thumbValueText={(score) => `${score} out of 10`}
        label={(score) => String(score)}
      />
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="xs" c="dimmed">
          {question.lowLabel}
        </Text>
        <Text size="xs" c="dimmed" ta="right">
          {question.highLabel}
        </Text>
      </Group>
      {error ? (
        <Text size="xs" c="red.5" role="alert">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}
