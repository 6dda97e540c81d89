import { Group, Progress, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';

const MILESTONES = ['First Ex', 'Second Ex', 'See Your Rating'] as const;

/** After a redirect: where the visitor is on the way to their own rating (docs/product.md#rate-form). */
export function RedirectProgress({ ratingsGiven }: { ratingsGiven: number }) {
  const current = Math.min(ratingsGiven, MILESTONES.length - 1);
  return (
    <nav aria-label="Your progress">
      <Progress.Root size="sm" radius="xl" mb={8}>
        {MILESTONES.map((milestone, index) => (
          <Progress.Section
            key={milestone}
            value={100 / MILESTONES.length}
            color={index < current ? 'green' : index === current ? 'brand' : 'dark.4'}
          />
        ))}
      </Progress.Root>
      <SimpleGrid cols={3} spacing={4}>
        {MILESTONES.map((milestone, index) => (
          <Group
            key={milestone}
            gap={4}
            justify="center"
            wrap="nowrap"
            aria-current={index === current ? 'step' : undefined}
          >
            {index < current ? (
              <ThemeIcon size={16} radius="xl" color="green" aria-hidden="true">
                <IconCheck size={11} />
              </ThemeIcon>
            ) : null}
            <Text
              size="xs"
              fw={index === current ? 700 : 500}
              c={index === current ? 'white' : 'dimmed'}
              ta="center"
            >
              {milestone}
            </Text>
          </Group>
        ))}
      </SimpleGrid>
    </nav>
  );
}
