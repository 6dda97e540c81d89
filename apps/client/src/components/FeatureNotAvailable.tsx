import { Button, Container, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';
import { Link } from 'react-router-dom';

interface FeatureNotAvailableProps {
  /** What this page will be, e.g. 'Rate an Ex'. */
  title: string;
}

/** An honest placeholder for a route whose feature has not shipped yet. */
export function FeatureNotAvailable({ title }: FeatureNotAvailableProps) {
  return (
    <Container size="xs" py={{ base: 48, sm: 80 }}>
      <Paper withBorder radius="lg" p="xl" className="glass-card">
        <Stack align="center" gap="md" ta="center">
          <ThemeIcon size={56} radius="xl" variant="light">
            <IconTools size={28} stroke={1.6} />
          </ThemeIcon>
          <Title order={1} fz={{ base: 26, sm: 30 }}>
            {title}
          </Title>
          <Text c="dimmed">This page is not available yet.</Text>
          <Button component={Link} to="/" variant="outline" color="brand.3" radius="xl">
            Back to the home page
          </Button>
        </Stack>
      </Paper>
    </Container>
  );
}
