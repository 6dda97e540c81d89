import { Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import type { RatingSummary } from './profile-types';
import { formatScore, scoreColour } from './score-colour';

interface RatingsOverviewProps {
  perQuestion: RatingSummary['perQuestion'];
  questionLabel: (questionId: number) => string;
}

/**
 * The average per question as labelled bars: on a 375 px screen five long question names read better as
 * rows with a bar under each than as the axis labels of a chart.
 */
export function RatingsOverview({ perQuestion, questionLabel }: RatingsOverviewProps) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} className="glass-card">
      <Stack gap="md">
        <Title order={2} fz="xl">
          Ratings Overview
        </Title>
        {perQuestion.map((entry) => {
          const label = questionLabel(entry.questionId);
          return (
            <Stack gap={6} key={entry.questionId}>
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Text size="sm" fw={600}>
                  {label}
                </Text>
                <Text size="sm" fw={700} c={`${scoreColour(entry.average)}.4`}>
                  {formatScore(entry.average)}
                </Text>
              </Group>
              <Progress
                value={entry.average * 10}
                color={scoreColour(entry.average)}
                size="md"
                radius="xl"
                aria-label={`${label}: ${formatScore(entry.average)} out of 10`}
              />
            </Stack>
          );
        })}
      </Stack>
    </Paper>
  );
}
