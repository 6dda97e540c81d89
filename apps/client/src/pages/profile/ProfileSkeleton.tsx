import { Container, Group, Paper, SimpleGrid, Skeleton, Stack, VisuallyHidden } from '@mantine/core';

/**
 * The fallback view while no profile data is present: the shape of the ratings page, so nothing jumps when
 * the data arrives. `label` is what a screen reader hears instead.
 */
export function ProfileSkeleton({ label }: { label: string }) {
  return (
    <Container size="md" py={{ base: 32, sm: 56 }} aria-busy="true">
      <VisuallyHidden role="status">{label}</VisuallyHidden>
      <Stack gap="lg" aria-hidden="true">
        <Stack gap="xs">
          <Skeleton height={34} width="55%" radius="md" />
          <Skeleton height={16} width="40%" radius="md" />
        </Stack>
        <Group gap="sm">
          <Skeleton height={40} width={160} radius="xl" />
          <Skeleton height={40} width={160} radius="xl" />
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <Skeleton height={190} radius="lg" />
          <Skeleton height={190} radius="lg" />
        </SimpleGrid>
        {[0, 1].map((key) => (
          <Paper key={key} withBorder radius="lg" p="lg" className="glass-card">
            <Stack gap="sm">
              <Skeleton height={20} width="35%" radius="md" />
              <Skeleton height={12} width="25%" radius="md" />
              <Skeleton height={56} radius="md" />
            </Stack>
          </Paper>
        ))}
      </Stack>
    </Container>
  );
}
