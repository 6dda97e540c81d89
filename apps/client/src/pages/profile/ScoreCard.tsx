import { Paper, Stack, Text, Title } from '@mantine/core';
import { formatScore, scoreColour } from './score-colour';

interface ScoreCardProps {
  score: number;
  count: number;
}

/** 'Your Score': the average of the per-rating averages, out of 10, and how many ratings it rests on. */
export function ScoreCard({ score, count }: ScoreCardProps) {
  const colour = scoreColour(score);
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} className="glass-card" h="100%">
      <Stack align="center" justify="center" gap={4} h="100%" ta="center">
        <Title order={2} fz="xl">
          Your Score
        </Title>
        <Text
          fz={64}
          fw={800}
          lh={1.1}
          c={`${colour}.4`}
          aria-label={`${formatScore(score)} out of 10`}
          data-testid="profile-score"
        >
          {formatScore(score)}
          <Text component="span" fz="xl" fw={600} c="dimmed">
            /10
          </Text>
        </Text>
        <Text c="dimmed" size="sm">
          Based on {count} {count === 1 ? 'rating' : 'ratings'}
        </Text>
      </Stack>
    </Paper>
  );
}
