import { Button, Container, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router-dom';

interface StatusCardProps {
  icon: ReactNode;
  title: string;
  children: ReactNode;
  /** The buttons and links under the text. */
  actions?: ReactNode;
  iconColor?: string;
  /** The screen's own title, shown above the card as its h1 (the card's title is then an h2). */
  screenTitle?: string;
}

/** A centred card a page shows instead of its content: logged out, locked, or failed to load. */
export function StatusCard({ icon, title, children, actions, iconColor, screenTitle }: StatusCardProps) {
  return (
    <Container size="xs" py={{ base: 40, sm: 72 }}>
      {screenTitle ? (
        <Title order={1} fz={{ base: 30, sm: 38 }} ta="center" mb="lg">
          {screenTitle}
        </Title>
      ) : null}
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} className="glass-card">
        <Stack align="center" gap="md" ta="center">
          <ThemeIcon size={56} radius="xl" variant="light" color={iconColor}>
            {icon}
          </ThemeIcon>
          <Title order={screenTitle ? 2 : 1} fz={{ base: 26, sm: 30 }}>
            {title}
          </Title>
          {typeof children === 'string' ? <Text c="dimmed">{children}</Text> : children}
          {actions ? (
            <Stack gap="xs" w="100%" align="center" mt="xs">
              {actions}
            </Stack>
          ) : null}
        </Stack>
      </Paper>
    </Container>
  );
}

/** The look of a status card's main button, the same as the landing page's call to action. */
export const PRIMARY_ACTION_PROPS = {
  radius: 'xl',
  size: 'md',
  variant: 'gradient',
  gradient: { from: 'brand.5', to: 'violet.6', deg: 100 },
} as const;

/** A status card's main action when it opens another page. */
export function PrimaryLink({
  to,
  state,
  children,
}: Pick<LinkProps, 'to' | 'state'> & { children: ReactNode }) {
  return (
    <Button component={Link} to={to} state={state} {...PRIMARY_ACTION_PROPS}>
      {children}
    </Button>
  );
}
