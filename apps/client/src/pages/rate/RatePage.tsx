import { Alert, Center, Container, Loader, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconShieldCheck } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useTRPC } from '../../lib/trpc';
import { useViewer } from '../../lib/viewer';
import { usePreloadPhoneStep } from '../verify/preload-phone-step';
import { verifyPathReturningTo } from '../verify/return-to';
import classes from './RatePage.module.css';
import { mustVerifyFirst, readRateFlags } from './rate-flow';

/** docs/product.md#rate-form: entry waits about 500 ms while the profile is checked. */
const VERIFY_CHECK_MS = 500;

// A visitor who is sent on to /verify never sees the form: it is fetched only for those who stay.
const loadRateForm = () => import('./RateForm');
const RateForm = lazy(() => loadRateForm().then((module) => ({ default: module.RateForm })));

/**
 * /rate and /rate/:id (the id changes nothing on screen). A visitor without a proven phone who did not come
 * through a redirect, a verified profile or the home page is sent to /verify first, keeping `?phone=` so
 * they come back to the same rating (docs/security.md#sessions).
 */
export default function RatePage() {
  useDocumentTitle('Rate an Ex · ExRated');
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { id: linkId } = useParams();
  const viewer = useViewer();
  const trpc = useTRPC();
  const { mutate: track } = useMutation(trpc.telemetry.track.mutationOptions());
  const flags = readRateFlags(location.state);
  const needsCheck = !flags.fromRedirect && !flags.fromVerifiedProfile && !flags.fromHomePage;
  const [waited, setWaited] = useState(!needsCheck);
  const checking = needsCheck && (!waited || viewer.loading);
  const mustVerify = mustVerifyFirst(flags, viewer);
  const redirecting = !checking && mustVerify;
  // The form's code loads during the check instead of after it, once the answer says the form comes next;
  // when /verify comes next (it is in the entry already), its phone field and country load instead.
  const next = mustVerify ? 'verify' : viewer.loading ? null : 'form';

  useEffect(() => {
    if (next === 'form') void loadRateForm();
  }, [next]);
  usePreloadPhoneStep(next === 'verify');

  // /rate/:id shows the same form; the id is only logged (docs/security.md#sessions).
  useEffect(() => {
    if (linkId) track({ action: 'rate_link_opened', details: { id: linkId.slice(0, 100) } });
  }, [linkId, track]);

  useEffect(() => {
    if (!needsCheck) return;
    const timer = window.setTimeout(() => setWaited(true), VERIFY_CHECK_MS);
    return () => window.clearTimeout(timer);
  }, [needsCheck]);

  useEffect(() => {
    if (!redirecting) return;
    navigate(verifyPathReturningTo(`/rate${location.search}`), {
      replace: true,
      state: { fromRedirect: true, fromHomePage: true },
    });
  }, [redirecting, navigate, location.search]);

  return (
    <Container size={640} px="md" className={classes.page}>
      <Stack gap="lg">
        <Stack gap={6} className={classes.header}>
          <Title order={1} className={classes.title}>
            Rate an Ex
          </Title>
          <Text c="gray.4">Be honest. It's anonymous... for now.</Text>
        </Stack>
        {checking || redirecting ? (
          <VerifyingNotice />
        ) : (
          <Suspense
            fallback={
              <Center py="xl">
                <Loader aria-label="Loading the rating form" />
              </Center>
            }
          >
            <RateForm flags={flags} viewer={viewer} sharedPhone={params.get('phone')} />
          </Suspense>
        )}
      </Stack>
    </Container>
  );
}

/** Shown while the profile is checked and while a visitor is sent on to /verify. */
function VerifyingNotice() {
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconShieldCheck size={20} />}
      role="status"
      aria-live="polite"
    >
      <Stack gap={6} align="center" py="xs">
        <Loader size="sm" color="yellow" />
        <Text size="sm">Verifying your profile...</Text>
      </Stack>
    </Alert>
  );
}
