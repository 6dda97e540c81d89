import { Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A page's title and the line under it, as the content pages show them. */
export function PageHeading({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <Title order={1} fz={{ base: 30, sm: 38 }}>
        {title}
      </Title>
      <Text c="dimmed" size="lg">
        {children}
      </Text>
    </div>
  );
}
