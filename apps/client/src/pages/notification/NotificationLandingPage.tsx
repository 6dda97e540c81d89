import {
  Button,
  Center,
  Container,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconArrowRight, IconHeartbeat, IconListCheck, IconMessageHeart } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { PRIMARY_ACTION_PROPS } from '../../components/StatusCard';
import { notify } from '../../lib/notify';
import { readServerError } from '../../lib/server-error';
import { useTRPC } from '../../lib/trpc';
import { OptOutButton } from './OptOutButton';
import { ReportFromLink } from './ReportFromLink';

const INVALID_LINK = 'Invalid link';
const EXPIRED_LINK = 'This link is invalid or has expired';
const SOMETHING_WRONG = 'Something went wrong, please try again';

/** docs/product.md#notification-link: the landing's failures, each as a toast before going home. */
function landingErrorMessage(error: unknown): string {
  const { code, message } = readServerError(error);
  if (code === 'NOT_FOUND') return EXPIRED_LINK;
  if (code === 'BAD_REQUEST' && message === INVALID_LINK) return INVALID_LINK;
  return SOMETHING_WRONG;
}

interface OnboardingStep {
  icon: ReactNode;
  title: string;
  body: (firstName: string) => ReactNode;
  action: string;
}

const STEPS: OnboardingStep[] = [
  {
    icon: <IconMessageHeart size={30} stroke={1.6} />,
    title: 'Someone rated your relationship',
    body: (firstName) => (
      <>
        Hey {firstName}, someone you dated rated your relationship on ExRated. Their scores and their words
        are waiting for you, and they stay anonymous: not even when they wrote it is shown.
      </>
    ),
    action: 'Continue',
  },
  {
    icon: <IconListCheck size={30} stroke={1.6} />,
    title: 'How it works',
    body: () => (
      <>
        Rate 2 of your own past relationships to see what they said. It takes a couple of minutes, and your
        exes won't know it was you.
      </>
    ),
    action: 'Continue',
  },
  {
    icon: <IconHeartbeat size={30} stroke={1.6} />,
    title: "Let's get started",
    body: () => <>Start with your first ex: a few sliders and a line or two, as honest as you like.</>,
    action: 'Rate My First Ex',
  },
];

/**
 * /r/:guid, where the text's link lands (docs/product.md#notification-link): the server checks the link
 * and names the rated entry, then a three-step onboarding leads to /rate.
 */
export default function NotificationLandingPage() {
  useDocumentTitle('Someone rated your relationship · ExRated');
  const { guid } = useParams();
  const navigate = useNavigate();
  const trpc = useTRPC();
  const visit = useMutation(trpc.notification.visit.mutationOptions());
  const track = useMutation(trpc.telemetry.track.mutationOptions());
  const [step, setStep] = useState(0);
  const started = useRef(false);

  useEffect(() => {
    // Once per page: the visit is logged and may create a profile (StrictMode runs effects twice).
    if (started.current) return;
    started.current = true;
    const id = guid?.trim();
    if (!id) {
      notify.error({ message: INVALID_LINK });
      navigate('/', { replace: true });
      return;
    }
    visit.mutate(
      { id },
      {
        onError: (error) => {
          notify.error({ message: landingErrorMessage(error) });
          navigate('/', { replace: true });
        },
      },
    );
  }, [guid, navigate, visit.mutate]);

  if (!visit.data) {
    return (
      <Center py={96}>
        <Stack align="center" gap="sm">
          <Loader color="brand" />
          <Text c="dimmed">Loading your rating...</Text>
        </Stack>
      </Center>
    );
  }

  const firstName = visit.data.name.split(' ')[0] ?? visit.data.name;
  const current = STEPS[step] ?? STEPS[0];
  if (!current) return null;
  const next = () => {
    track.mutate({ action: 'onboarding_step_completed', details: { step: step + 1 } });
    if (step < STEPS.length - 1) setStep(step + 1);
    else navigate('/rate', { state: { fromRedirect: true } });
  };

  return (
    <Container size={520} px="md" py={{ base: 32, sm: 64 }}>
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} className="glass-card">
        <Stack align="center" gap="lg" ta="center">
          <Group gap={8} aria-label={`Step ${step + 1} of ${STEPS.length}`} role="img">
            {STEPS.map((item, index) => (
              <span
                key={item.title}
                style={{
                  width: index === step ? 28 : 10,
                  height: 10,
                  borderRadius: 999,
                  transition: 'width 200ms ease',
                  backgroundColor:
                    index <= step ? 'var(--mantine-color-brand-5)' : 'var(--mantine-color-dark-4)',
                }}
              />
            ))}
          </Group>
          <ThemeIcon
            size={64}
            radius="xl"
            variant="gradient"
            gradient={{ from: 'brand.6', to: 'violet.6', deg: 135 }}
          >
            {current.icon}
          </ThemeIcon>
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            {current.title}
          </Title>
          <Text c="gray.3" lh={1.6}>
            {current.body(firstName)}
          </Text>
          <Button
            {...PRIMARY_ACTION_PROPS}
            fullWidth
            rightSection={<IconArrowRight size={18} />}
            onClick={next}
          >
            {current.action}
          </Button>
          <Text size="xs" c="dimmed">
            Step {step + 1} of {STEPS.length}
          </Text>
        </Stack>
      </Paper>
      <OptOutButton notificationId={guid} />
      <ReportFromLink notificationId={guid} />
    </Container>
  );
}
