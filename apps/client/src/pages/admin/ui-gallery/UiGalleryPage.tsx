import {
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  PinInput,
  Progress,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconEyeOff, IconLock, IconSparkles } from '@tabler/icons-react';
import { useState } from 'react';
import { LogoMark } from '../../../components/layout/Logo';
import { PHONE_SUPPORT_HINT, PhoneNumberInput } from '../../../components/phone-input/PhoneNumberInput';
import { notify } from '../../../lib/notify';
import { formatPhoneForDisplay } from '../../../lib/phone-format';
import { RatingsOverview } from '../../profile/RatingsOverview';
import { ReviewCard } from '../../profile/ReviewCard';
import { ScoreCard } from '../../profile/ScoreCard';
import { RatingScoreSlider } from '../../rate/RatingScoreSlider';
import { AdminPageHeader } from '../AdminPageHeader';
import {
  SAMPLE_PER_QUESTION,
  SAMPLE_PHONE,
  SAMPLE_QUESTIONS,
  SAMPLE_RATINGS,
  SAMPLE_SCORE,
  sampleQuestionLabel,
} from './gallery-sample-data';

function Showcase({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper withBorder radius="lg" p="md" className="glass-card">
      <Text size="xs" tt="uppercase" fw={700} c="dimmed" mb="sm">
        {title}
      </Text>
      {children}
    </Paper>
  );
}

function LandingShowcase() {
  const features = [
    { icon: <IconEyeOff size={22} />, title: 'Anonymous First' },
    { icon: <IconCircleCheck size={22} />, title: 'See Your Scores' },
    { icon: <IconSparkles size={22} />, title: 'Get Real Insights' },
  ];
  return (
    <Stack gap="md">
      <Showcase title="Hero">
        <Stack align="center" gap="sm" ta="center">
          <LogoMark size={48} />
          <Badge variant="gradient" gradient={{ from: 'brand.5', to: 'violet.5', deg: 90 }}>
            BETA
          </Badge>
          <Title order={2}>Ever wondered how your ex would rate you?</Title>
          <Button radius="xl" variant="gradient" gradient={{ from: 'brand.5', to: 'violet.6', deg: 100 }}>
            Start Rating
          </Button>
          <Group gap={6}>
            <IconLock size={14} />
            <Text size="sm" c="dimmed">
              Rate 2 ex's to unlock your own anonymous ratings
            </Text>
          </Group>
        </Stack>
      </Showcase>
      <Showcase title="Feature boxes">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {features.map((feature) => (
            <Group key={feature.title} gap="sm">
              <ThemeIcon variant="light" radius="xl">
                {feature.icon}
              </ThemeIcon>
              <Text fw={700}>{feature.title}</Text>
            </Group>
          ))}
        </SimpleGrid>
      </Showcase>
    </Stack>
  );
}

function ProfileShowcase() {
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <ScoreCard score={SAMPLE_SCORE} count={SAMPLE_RATINGS.length} />
        <RatingsOverview perQuestion={SAMPLE_PER_QUESTION} questionLabel={sampleQuestionLabel} />
      </SimpleGrid>
      <Title order={2} fz="lg">
        Reviews from Ex's
      </Title>
      {SAMPLE_RATINGS.map((rating) => (
        <ReviewCard
          key={rating.id}
          rating={rating}
          relationshipLabel={rating.relationshipLabel}
          questionLabel={sampleQuestionLabel}
        />
      ))}
    </Stack>
  );
}

function RatingsShowcase() {
  const [scores, setScores] = useState<Record<number, number>>(() =>
    Object.fromEntries(SAMPLE_QUESTIONS.map((question) => [question.id, 5])),
  );
  return (
    <Showcase title="Score sliders (sample questions 1–10)">
      <Stack gap="lg">
        {SAMPLE_QUESTIONS.map((question) => (
          <RatingScoreSlider
            key={question.id}
            question={question}
            value={scores[question.id] ?? 5}
            onChange={(value) => setScores((current) => ({ ...current, [question.id]: value }))}
            disabled={false}
          />
        ))}
      </Stack>
    </Showcase>
  );
}

function VerificationShowcase() {
  const [phone, setPhone] = useState(SAMPLE_PHONE);
  return (
    <Stack gap="md">
      <Showcase title="Step 1: phone">
        <Stack gap="xs" maw={360}>
          <PhoneNumberInput value={phone} onChange={setPhone} label="Phone number" />
          <Text size="xs" c="dimmed">
            {PHONE_SUPPORT_HINT}
          </Text>
          <Button>Send Verification Code</Button>
        </Stack>
      </Showcase>
      <Showcase title="Step 2: code">
        <Stack gap="xs" align="flex-start">
          <PinInput length={6} type="number" oneTimeCode aria-label="Verification code" />
          <Button>Verify and View Ratings</Button>
          <Text size="sm" c="dimmed">
            Resend code in 60s
          </Text>
        </Stack>
      </Showcase>
      <Showcase title="Verified">
        <Group gap="xs">
          <IconCircleCheck color="var(--mantine-color-teal-5)" />
          <Text fw={700}>Phone Verified</Text>
          <Text c="dimmed">{formatPhoneForDisplay(SAMPLE_PHONE)}</Text>
        </Group>
      </Showcase>
    </Stack>
  );
}

function CommonShowcase() {
  return (
    <Stack gap="md">
      <Showcase title="Buttons">
        <Group>
          <Button>Primary</Button>
          <Button variant="outline" color="brand.3" radius="xl">
            Outline
          </Button>
          <Button variant="default">Default</Button>
          <Button variant="subtle">Subtle</Button>
          <Button loading>Loading</Button>
        </Group>
      </Showcase>
      <Showcase title="Badges and progress">
        <Stack gap="sm">
          <Group>
            <Badge color="teal">Verified</Badge>
            <Badge color="yellow">Unverified</Badge>
            <Badge color="red">critical</Badge>
          </Group>
          <Text size="sm">Step 1 of 2 · 50%</Text>
          <Progress value={50} />
        </Stack>
      </Showcase>
      <Showcase title="Alerts and toasts">
        <Stack gap="sm">
          <Alert color="red" icon={<IconAlertTriangle size={18} />} title="Error">
            There was an error submitting your rating. Please try again.
          </Alert>
          <Group>
            <Button
              variant="default"
              onClick={() =>
                notify.success({
                  title: 'Rating submitted!',
                  message: 'Your ex will be notified anonymously.',
                })
              }
            >
              Show success toast
            </Button>
            <Button
              variant="default"
              onClick={() => notify.error({ title: 'Submission failed', message: 'Please try again.' })}
            >
              Show error toast
            </Button>
          </Group>
        </Stack>
      </Showcase>
    </Stack>
  );
}

const SHOWCASES = [
  { value: 'landing', label: 'Landing', Content: LandingShowcase },
  { value: 'profile', label: 'Profile', Content: ProfileShowcase },
  { value: 'ratings', label: 'Ratings', Content: RatingsShowcase },
  { value: 'verification', label: 'Verification', Content: VerificationShowcase },
  { value: 'common', label: 'Common UI', Content: CommonShowcase },
];

/** A static showcase of the product's building blocks with sample data (docs/product.md#admin). */
export function UiGalleryPage() {
  return (
    <>
      <AdminPageHeader
        title="UI Gallery"
        description="Static showcase with sample data; nothing here is saved"
      />
      <Tabs defaultValue="landing" keepMounted={false}>
        <Tabs.List mb="md" style={{ flexWrap: 'wrap' }}>
          {SHOWCASES.map(({ value, label }) => (
            <Tabs.Tab key={value} value={value}>
              {label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {SHOWCASES.map(({ value, Content }) => (
          <Tabs.Panel key={value} value={value}>
            <Content />
          </Tabs.Panel>
        ))}
      </Tabs>
    </>
  );
}
