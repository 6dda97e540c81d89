import { RATINGS_TO_UNLOCK } from '@exrated/content/unlock';
import { Button, Container, Group, Progress, Stack, Text } from '@mantine/core';
import { useDisclosure, useDocumentTitle } from '@mantine/hooks';
import { IconAlertTriangle, IconLock, IconPencilPlus, IconShare3, IconUserCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { PageHeading } from '../../components/PageHeading';
import { HeldRatingsNotice } from '../../components/ratings/HeldRatingsNotice';
import { PRIMARY_ACTION_PROPS, PrimaryLink, StatusCard } from '../../components/StatusCard';
import { notify } from '../../lib/notify';
import { useTRPC } from '../../lib/trpc';
import { useViewer, type Viewer } from '../../lib/viewer';
import { ProfileSkeleton } from './ProfileSkeleton';
import { RatingsUnderReview } from './RatingsUnderReview';
import { ReceivedRatings } from './ReceivedRatings';
import { ShareDialog } from './share-dialog/ShareDialog';

/** Where 'Rate Another Ex' goes: the form, told the viewer is already verified (no detour via /verify). */
const RATE_FROM_PROFILE = { fromProfile: true, fromVerifiedProfile: true };

/** Where the locked card's 'Rate an Ex' goes: the form with the way to the unlock shown, as after a redirect. */
const RATE_TO_UNLOCK = { fromRedirect: true };

function LoggedOut() {
  return (
    <StatusCard
      icon={<IconUserCircle size={28} stroke={1.6} />}
      title="Access Your Profile"
      actions={<PrimaryLink to="/verify">Login with Phone Number</PrimaryLink>}
    >
      Verify your phone number to see what your exes said about you.
    </StatusCard>
  );
}

function Locked({ viewer }: { viewer: Viewer }) {
  // Two ratings given but the phone not proven on this device: only the verification step is left.
  const onlyVerificationLeft = viewer.ratingsGiven >= RATINGS_TO_UNLOCK;
  const given = Math.min(viewer.ratingsGiven, RATINGS_TO_UNLOCK);
  return (
    <StatusCard
      icon={<IconLock size={28} stroke={1.6} />}
      iconColor="yellow"
      title="Almost there"
      actions={
        onlyVerificationLeft ? (
          <PrimaryLink to="/verify">Verify your phone number</PrimaryLink>
        ) : (
          <>
            {/* Mid-way through the unlock: rating again must not detour through /verify. */}
            <PrimaryLink to="/rate" state={RATE_TO_UNLOCK}>
              Rate an Ex
            </PrimaryLink>
            {viewer.isVerified ? null : (
              <Button component={Link} to="/verify" variant="subtle" color="gray.3">
                Already rated? Verify your phone number
              </Button>
            )}
          </>
        )
      }
    >
      <Text c="dimmed">
        {onlyVerificationLeft
          ? "You've rated 2 ex's. Verify your phone number to view who has rated you."
          : "Rate any 2 of your past ex's to view who has rated you."}
      </Text>
      {viewer.ratingsGiven > 0 ? (
        <Stack gap={6} w="100%">
          <Progress
            value={(given / RATINGS_TO_UNLOCK) * 100}
            size="lg"
            radius="xl"
            aria-label={`${given} of ${RATINGS_TO_UNLOCK} ratings given`}
          />
          <Text size="sm" c="dimmed">
            {given} of {RATINGS_TO_UNLOCK} ratings given
          </Text>
        </Stack>
      ) : null}
      {viewer.isVerified || viewer.ratingsGiven === 0 ? null : <HeldRatingsNotice />}
    </StatusCard>
  );
}

function Unlocked({ phoneNumber }: { phoneNumber: string }) {
  const [shareOpened, share] = useDisclosure(false);
  return (
    <Container size="md" py={{ base: 32, sm: 56 }}>
      <Stack gap="xl">
        <Stack gap="md">
          <PageHeading title="Your Ratings">What others have said about you</PageHeading>
          <Group gap="sm">
            <Button
              component={Link}
              to="/rate"
              state={RATE_FROM_PROFILE}
              leftSection={<IconPencilPlus size={18} />}
              {...PRIMARY_ACTION_PROPS}
            >
              Rate Another Ex
            </Button>
            <Button
              variant="outline"
              color="brand.3"
              radius="xl"
              size="md"
              leftSection={<IconShare3 size={18} />}
              onClick={share.open}
            >
              Share with an Ex
            </Button>
          </Group>
        </Stack>
        <ReceivedRatings />
        <RatingsUnderReview />
      </Stack>
      <ShareDialog opened={shareOpened} onClose={share.close} phoneNumber={phoneNumber} />
    </Container>
  );
}

function StatusCheckFailed({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <StatusCard
      icon={<IconAlertTriangle size={28} stroke={1.6} />}
      iconColor="red"
      title="Error checking profile verification status"
      actions={
        <Button onClick={onRetry} loading={retrying} {...PRIMARY_ACTION_PROPS}>
          Try again
        </Button>
      }
    >
      We could not reach ExRated to see whether your phone number is verified. Check your connection and try
      again.
    </StatusCard>
  );
}

/** /profile: the ratings a verified, unlocked person received (docs/product.md#profile). */
export default function ProfilePage() {
  useDocumentTitle('My Ratings · ExRated');
  const viewer = useViewer();
  const trpc = useTRPC();
  // The same query useViewer reads (one request): here its failure matters, because without the answer this
  // page cannot tell a logged-out visitor from a verified one.
  const status = useQuery(trpc.profile.me.queryOptions());
  const checkFailed = status.isError && !status.data;

  useEffect(() => {
    if (checkFailed) notify.error({ message: 'Failed to check profile status' });
  }, [checkFailed]);

  if (checkFailed) {
    return <StatusCheckFailed onRetry={() => void status.refetch()} retrying={status.isFetching} />;
  }
  if (viewer.loading) return <ProfileSkeleton label="Checking your profile..." />;
  // A device that has given ratings is not logged out, phone or not: it is on its way to unlocking.
  if (!viewer.phoneNumber && viewer.ratingsGiven === 0) return <LoggedOut />;
  if (!viewer.phoneNumber || !viewer.isVerified || !viewer.isUnlocked) {
    return (
      <>
        <Locked viewer={viewer} />
        <Container size="sm" pb="xl">
          <RatingsUnderReview />
        </Container>
      </>
    );
  }
  return <Unlocked phoneNumber={viewer.phoneNumber} />;
}
