import { Box, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { StatusCard } from '../../components/StatusCard';

interface VerifyCardProps {
  icon: ReactNode;
  title: string;
  subtitle: ReactNode;
  children: ReactNode;
  iconColor?: string;
}

/** Every /verify and /unlock step: the shared status card, with a form or buttons under its line of text. */
export function VerifyCard({ icon, title, subtitle, children, iconColor }: VerifyCardProps) {
  return (
    <StatusCard icon={icon} title={title} iconColor={iconColor}>
      <Text c="dimmed">{subtitle}</Text>
      <Box w="100%" ta="left" mt="xs">
        {children}
      </Box>
    </StatusCard>
  );
}
