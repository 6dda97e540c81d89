import { Badge, Blockquote, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconQuote } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { ReceivedRating } from './profile-types';
import { formatScore, scoreColour } from './score-colour';

interface ReviewCardProps {
  rating: ReceivedRating;
  relationshipLabel: string;
  questionLabel: (questionId: number) => string;
  /** Actions about this review (e.g. reporting it), shown in the card's footer. */
  actions?: ReactNode;
}

// The rater answered these from their side; the labels say whose wish is whose when the rated person reads it.
const TEXT_SECTIONS = [
  { key: 'gratitude', label: 'What they were grateful for' },
  { key: 'selfReflection', label: 'What they wish they had done differently' },
  { key: 'feedback', label: 'What they wish you had done differently' },
] as const;

/** One received rating, as the rated person reads it: never anything about who wrote it. */
export function ReviewCard({ rating, relationshipLabel, questionLabel, actions }: ReviewCardProps) {
  const headingId = `review-${rating.id}`;
  return (
    <Paper
      component="article"
      aria-labelledby={headingId}
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      className="glass-card"
    >
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Stack gap={4} miw={0}>
            <Group gap="xs" wrap="wrap">
              <Title order={3} fz="lg" id={headingId}>
                {rating.name}
              </Title>
              <Badge variant="light" color="violet" size="sm" tt="none">
                {relationshipLabel}
              </Badge>
            </Group>
            <Text size="sm" c="dimmed">
              {rating.posted}
            </Text>
          </Stack>
          {rating.average === null ? null : (
            <Badge
              size="xl"
              radius="md"
              variant="light"
              color={scoreColour(rating.average)}
              aria-label={`Rated ${formatScore(rating.average)} out of 10`}
              style={{ flexShrink: 0 }}
            >
              {formatScore(rating.average)}
            </Badge>
          )}
        </Group>

        {rating.testimonial ? (
          <Blockquote color="brand" icon={<IconQuote size={18} />} iconSize={32} p="md" radius="md">
            <Text fs="italic">{rating.testimonial}</Text>
          </Blockquote>
        ) : null}

        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing={{ base: 6, xs: 48 }} verticalSpacing={6}>
          {rating.scores.map((entry) => (
            <Group key={entry.questionId} justify="space-between" gap="xs" wrap="nowrap">
              <Text size="sm" c="gray.4">
                {questionLabel(entry.questionId)}
              </Text>
              <Text size="sm" fw={700} c={`${scoreColour(entry.score)}.4`}>
                {entry.score}/10
              </Text>
            </Group>
          ))}
        </SimpleGrid>

        {TEXT_SECTIONS.map(({ key, label }) => {
          const text = rating[key];
          return text ? (
            <Stack gap={2} key={key}>
              <Text size="xs" tt="uppercase" fw={700} c="dimmed">
                {label}
              </Text>
              <Text style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{text}</Text>
            </Stack>
          ) : null;
        })}

        {actions ? (
          <Group justify="flex-end" gap="xs">
            {actions}
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}
