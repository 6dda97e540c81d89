import {
  Alert,
  Button,
  Center,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconMoodEmpty } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ReportRatingButton } from '../../components/trust/ReportRatingButton';
import { readServerError, userFacingMessage } from '../../lib/server-error';
import { useTRPC } from '../../lib/trpc';
import { useRefreshViewer } from '../../lib/viewer';
import { RatingsOverview } from './RatingsOverview';
import { ReviewCard } from './ReviewCard';
import { ScoreCard } from './ScoreCard';

/** The score, the overview per question and the reviews of an unlocked, verified viewer. */
export function ReceivedRatings() {
  const trpc = useTRPC();
  const refreshViewer = useRefreshViewer();
  const received = useQuery(trpc.profile.ratingsReceived.queryOptions());
  const { code } = readServerError(received.error);
  const accessLost = code === 'FORBIDDEN' || code === 'UNAUTHORIZED';

  useEffect(() => {
    // The server no longer sees this device as verified and unlocked (logged out elsewhere, session expired):
    // refresh who the viewer is, and the page shows the matching state.
    if (accessLost) void refreshViewer();
  }, [accessLost, refreshViewer]);

  if (received.isPending) {
    return (
      <Center py={64}>
        <Stack align="center" gap="sm" role="status">
          <Loader />
          <Text c="dimmed">Loading your ratings...</Text>
        </Stack>
      </Center>
    );
  }

  if (received.isError) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} />} title="Error" radius="md">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">
            {userFacingMessage(received.error, 'We could not load your ratings. Please try again.')}
          </Text>
          {accessLost ? null : (
            <Button size="xs" variant="white" color="red" onClick={() => void received.refetch()}>
              Try again
            </Button>
          )}
        </Stack>
      </Alert>
    );
  }

  const { ratings, summary, questions } = received.data;
  const names = new Map(questions.map((question) => [question.id, question.question]));
  const questionLabel = (id: number) => names.get(id) ?? `Question ${id}`;

  if (ratings.length === 0 || summary.score === null) {
    return (
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} className="glass-card">
        <Stack align="center" gap="sm" ta="center">
          <ThemeIcon size={56} radius="xl" variant="light" color="violet">
            <IconMoodEmpty size={28} stroke={1.6} />
          </ThemeIcon>
          <Title order={2} fz="xl">
            No Ratings Yet
          </Title>
          <Text c="dimmed">No one's rated you... yet. Your ex's are either scared or in therapy.</Text>
        </Stack>
      </Paper>
    );
  }

  return (
    <Stack gap="xl">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <ScoreCard score={summary.score} count={summary.count} />
        <RatingsOverview perQuestion={summary.perQuestion} questionLabel={questionLabel} />
      </SimpleGrid>
      <Stack gap="md" component="section" aria-labelledby="reviews-heading">
        <Title order={2} fz="xl" id="reviews-heading">
          Reviews from Ex's
        </Title>
        {ratings.map((rating) => (
          <ReviewCard
            key={rating.id}
            rating={rating}
            relationshipLabel={rating.relationshipLabel}
            questionLabel={questionLabel}
            actions={
              <ReportRatingButton
                ratingId={rating.id}
                reportStatus={rating.reportStatus}
                reviewName={rating.name}
              />
            }
          />
        ))}
      </Stack>
    </Stack>
  );
}
