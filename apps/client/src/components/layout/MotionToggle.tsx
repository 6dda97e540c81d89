import { ActionIcon } from '@mantine/core';
import { IconPlayerPauseFilled, IconPlayerPlayFilled } from '@tabler/icons-react';
import { setBackgroundPaused, useBackgroundPaused } from '../../lib/background-motion';

/**
 * The header's pause/play button for the animated background, remembered on this device. No tooltip: it
 * would bring the floating-ui code into the entry chunk of every page.
 */
export function MotionToggle() {
  const paused = useBackgroundPaused();
  return (
    <ActionIcon
      variant="subtle"
      color="gray.3"
      size={40}
      radius="xl"
      aria-label="Pause background animation"
      aria-pressed={paused}
      onClick={() => setBackgroundPaused(!paused)}
    >
      {paused ? <IconPlayerPlayFilled size={18} /> : <IconPlayerPauseFilled size={18} />}
    </ActionIcon>
  );
}
