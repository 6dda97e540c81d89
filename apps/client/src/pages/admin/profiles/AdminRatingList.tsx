import { Anchor, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { formatPhoneForDisplay } from '../../../lib/phone-format';
import { useRatingLists } from '../../../lib/rating-lists';
import { EmptyText } from '../AdminPageHeader';
import { formatDateTime, profilePath } from '../admin-format';
import type { AdminRating } from '../admin-types';

function average(scores: AdminRating['scores']): string {
  return (scores.reduce((sum, entry) => sum + entry.score, 0) / scores.length).toFixed(1);
}

const TEXTS: Array<[label: string, key: 'testimonial' | 'gratitude' | 'selfReflection' | 'feedback']> = [
  ['Testimonial', 'testimonial'],
  ['Grateful for', 'gratitude'],
  ['Wish I had done differently', 'selfReflection'],
  ['Wish they had done differently', 'feedback'],
];

/** The question names and relationship labels the server serves to the rating form, cached for the session. */
function useRatingLabels() {
  const { questions, relationshipTypes: types } = useRatingLists();
  return {
    question: (id: number) => questions.data?.find((entry) => entry.id === id)?.question ?? `Question ${id}`,
    // docs/product.md#data-model: a type outside the list reads 'Ex'; until the list arrives the stored value
    // is shown.
    relationship: (type: string) =>
      types.data ? (types.data.find((entry) => entry.value === type)?.label ?? 'Ex') : type,
  };
}

/**
 * Ratings a profile gave or received, newest first, with every score and text. `counterpart` says which phone
 * to show: the rated person's for ratings given, the rater's for ratings received.
 */
export function AdminRatingList({
  ratings,
  counterpart,
  emptyText,
}: {
  ratings: AdminRating[];
  counterpart: 'rated' | 'rater';
  emptyText: string;
}) {
  const labels = useRatingLabels();
  if (ratings.length === 0) {
    return <EmptyText>{emptyText}</EmptyText>;
  }
  return (
    <Stack gap="sm">
      {ratings.map((rating) => {
        const otherPhone = counterpart === 'rated' ? rating.phoneNumber : rating.createdByPhone;
        return (
          <Paper
            key={rating.id}
            withBorder
            radius="md"
            p="md"
            className="glass-card"
            data-testid="admin-rating"
          >
            <Group justify="space-between" align="flex-start" gap="xs">
              <Stack gap={2}>
                <Group gap="xs">
                  <Text fw={700} c="white">
                    {rating.name}
                  </Text>
                  <Badge variant="outline" tt="none">
                    {labels.relationship(rating.relationshipType)}
                  </Badge>
                  {rating.hiddenAt ? (
                    <Badge color="red" variant="light">
                      Hidden
                    </Badge>
                  ) : null}
                </Group>
                <Text size="sm" c="dimmed">
                  {formatDateTime(rating.createdAt)}
                  {' · '}
                  {counterpart === 'rated' ? 'About ' : 'By '}
                  {otherPhone ? (
                    // Underlined: inside a line of text, colour alone would not tell the link apart (WCAG 1.4.1).
                    <Anchor component={Link} to={profilePath(otherPhone)} size="sm" underline="always">
                      {formatPhoneForDisplay(otherPhone)}
                    </Anchor>
                  ) : (
                    'an unverified device'
                  )}
                </Text>
              </Stack>
              {rating.scores.length > 0 ? (
                <Stack gap={0} align="flex-end">
                  <Text fz={22} fw={800} c="white">
                    {average(rating.scores)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    average / 10
                  </Text>
                </Stack>
              ) : (
                // Every rating form saves five answers; one written without them (an import, a seed) says so.
                <Text size="xs" c="dimmed" ta="right" maw={140}>
                  No average: no answers were saved with this rating
                </Text>
              )}
            </Group>
            <Group gap={6} mt="xs">
              {rating.scores.map((entry) => (
                <Badge key={entry.questionId} variant="light" color="gray" tt="none">
                  {labels.question(entry.questionId)}: {entry.score}
                </Badge>
              ))}
            </Group>
            {TEXTS.map(([label, key]) =>
              rating[key] ? (
                <Text key={key} size="sm" mt="xs" style={{ overflowWrap: 'anywhere' }}>
                  <Text span c="dimmed" size="sm">
                    {label}:{' '}
                  </Text>
                  {rating[key]}
                </Text>
              ) : null,
            )}
          </Paper>
        );
      })}
    </Stack>
  );
}
