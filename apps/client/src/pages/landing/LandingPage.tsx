import { Badge, Button, Container, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconArrowRight, IconChartBar, IconEyeOff, IconLock, IconSparkles } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import classes from './LandingPage.module.css';

interface Feature {
  icon: ReactNode;
  title: string;
  description: string;
}

const FEATURES: Feature[] = [
  {
    icon: <IconEyeOff size={24} stroke={1.8} />,
    title: 'Anonymous First',
    description:
      'Your ex is told their relationship was rated, never who rated it: your name and number stay hidden.',
  },
  {
    icon: <IconChartBar size={24} stroke={1.8} />,
    title: 'See Your Scores',
    description:
      'Verify your phone number to see how the people you dated scored you, out of 10, on five questions.',
  },
  {
    icon: <IconSparkles size={24} stroke={1.8} />,
    title: 'Get Real Insights',
    description:
      'Honest reviews show what you did well and what you could do differently, so the next one goes better.',
  },
];

export function LandingPage() {
  useDocumentTitle('ExRated: rate your ex, anonymously');
  return (
    <Container size="lg" className={classes.page}>
      <Stack align="center" gap="lg" className={classes.hero}>
        <Badge size="lg" variant="gradient" gradient={{ from: 'brand.5', to: 'violet.5', deg: 90 }}>
          BETA
        </Badge>
        <Title order={1} className={classes.headline}>
          Ever wondered how your ex would <span className={classes.highlight}>rate you?</span>
        </Title>
        <Text className={classes.lead}>
          Score the people you have dated, honestly and anonymously. They find out what you think, and you
          find out what your exes think of you.
        </Text>
        <Button
          component={Link}
          to="/rate"
          state={{ fromHomePage: true }}
          size="lg"
          radius="xl"
          variant="gradient"
          gradient={{ from: 'brand.5', to: 'violet.6', deg: 100 }}
          rightSection={<IconArrowRight size={20} />}
          className={classes.cta}
        >
          Start Rating
        </Button>
        <Text size="sm" className={classes.note}>
          <IconLock size={16} aria-hidden="true" className={classes.noteIcon} />
          Rate 2 ex's to unlock your own anonymous ratings
        </Text>
      </Stack>

      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg" className={classes.features}>
        {FEATURES.map((feature) => (
          <Paper
            key={feature.title}
            withBorder
            radius="lg"
            p={{ base: 'lg', sm: 'xl' }}
            className="glass-card"
          >
            <ThemeIcon
              size={48}
              radius="md"
              variant="gradient"
              gradient={{ from: 'brand.6', to: 'violet.6', deg: 135 }}
              aria-hidden="true"
            >
              {feature.icon}
            </ThemeIcon>
            <Title order={2} className={classes.featureTitle}>
              {feature.title}
            </Title>
            <Text c="gray.4" size="sm" lh={1.6}>
              {feature.description}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
    </Container>
  );
}
