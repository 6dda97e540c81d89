import { RATINGS_TO_UNLOCK } from '@exrated/content/unlock';
import { Badge, Button, Center, Loader, Progress, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconConfetti, IconHourglassHigh, IconShieldLock } from '@tabler/icons-react';
import { Link, Navigate, useLocation } from 'react-router-dom';
import { HeldRatingsNotice } from '../../components/ratings/HeldRatingsNotice';
import { PRIMARY_ACTION_PROPS } from '../../components/StatusCard';
import { useViewer } from '../../lib/viewer';
import { VerifyCard } from '../verify/VerifyCard';
import { VerifyNumberForm } from './VerifyNumberForm';

/** docs/product.md#limits: ratings a person gives before seeing their own. */

function readFromRating(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'fromRating' in state && state.fromRating === true;
}

function UnlockProgress({ ratingsGiven, fromRating }: { ratingsGiven: number; fromRating: boolean }) {
  const remaining = Math.max(0, RATINGS_TO_UNLOCK - ratingsGiven);
  const given = Math.min(ratingsGiven, RATINGS_TO_UNLOCK);
  const submitted = fromRating ? (
    <Badge color="green" variant="light" size="lg" mx="auto">
      Rating submitted
    </Badge>
  ) : null;
  if (remaining > 0) {
    return (
      <VerifyCard
        icon={<IconHourglassHigh size={28} stroke={1.6} />}
        iconColor="yellow"
        title="Almost There!"
        subtitle={`Rate ${remaining} more ${remaining === 1 ? 'ex' : "ex's"} to see your own ratings.`}
      >
        <Stack gap="md">
          {submitted}
          <HeldRatingsNotice />
          <Stack gap={6}>
            <Progress
              value={(given / RATINGS_TO_UNLOCK) * 100}
              size="lg"
              radius="xl"
              aria-label={`${given} of ${RATINGS_TO_UNLOCK} ratings given`}
            />
            <Text size="sm" c="dimmed" ta="center">
              {given} of {RATINGS_TO_UNLOCK} ratings given
            </Text>
          </Stack>
          {/* The visitor is mid-way through the unlock: rating again must not bounce them to /verify. */}
          <Button
            component={Link}
            to="/rate"
            state={{ fromRedirect: true }}
            {...PRIMARY_ACTION_PROPS}
            fullWidth
          >
            Rate Another Ex
          </Button>
        </Stack>
      </VerifyCard>
    );
  }
  // Unlocked but not proven: proving the number is the one thing left, so the card holds that form and nothing
  // else competes with it.
  return (
    <VerifyCard
      icon={<IconConfetti size={28} stroke={1.6} />}
      iconColor="green"
      title="Profile Unlocked!"
      subtitle={`You've rated ${ratingsGiven} exes. Verify your phone number to see what they said about you.`}
    >
      <Stack gap="md">
        {submitted}
        <HeldRatingsNotice />
        <VerifyItsYou />
        <VerifyNumberForm submitLabel="Verify Phone & See Ratings" />
      </Stack>
    </VerifyCard>
  );
}

function VerifyItsYou() {
  return (
    <Stack gap={2}>
      <Title order={2} fz="lg">
        Verify It's You
      </Title>
      <Text size="sm" c="dimmed">
        Please confirm you own this number to continue.
      </Text>
    </Stack>
  );
}

/** /unlock/:id, reached after a rating: how far the visitor is from seeing their own ratings. */
export default function UnlockPage() {
  useDocumentTitle('Unlock your ratings · ExRated');
  const viewer = useViewer();
  const location = useLocation();
  if (viewer.loading) {
    return (
      <Center py={96}>
        <Loader aria-label="Checking your profile" />
      </Center>
    );
  }
  // docs/product.md#unlock: a verified visitor goes to their ratings; one with an unverified number goes to
  // verify it.
  if (viewer.isVerified) return <Navigate to="/profile" replace />;
  if (viewer.phoneNumber) return <Navigate to="/verify" replace />;
  const fromRating = readFromRating(location.state);
  if (viewer.ratingsGiven >= RATINGS_TO_UNLOCK) {
    return <UnlockProgress ratingsGiven={viewer.ratingsGiven} fromRating={fromRating} />;
  }
  // Still rating: proving the number early is offered apart, under the progress, so ratings go out sooner.
  return (
    <Stack gap={0}>
      <UnlockProgress ratingsGiven={viewer.ratingsGiven} fromRating={fromRating} />
      <VerifyCard
        icon={<IconShieldLock size={28} stroke={1.6} />}
        title="Verify It's You"
        subtitle="Please confirm you own this number to continue."
      >
        <VerifyNumberForm submitLabel="Verify My Number" />
      </VerifyCard>
    </Stack>
  );
}
