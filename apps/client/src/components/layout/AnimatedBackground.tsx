import type { CSSProperties } from 'react';
import { useBackgroundPaused } from '../../lib/background-motion';
import classes from './AnimatedBackground.module.css';

const STREAK_COUNT = 30;
const COLORS = ['#f06595', '#845ef7', '#ff922b', '#22b8cf', '#cc5de8', '#f783ac', '#5c7cfa', '#fcc419'];

// A fixed seed keeps the picture identical between renders and visits (no layout jumps, stable screenshots).
function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1664525 + 1013904223) % 4294967296;
    return state / 4294967296;
  };
}

// Each streak is placed and timed through CSS custom properties read by AnimatedBackground.module.css.
type StreakStyle = CSSProperties & Record<`--${string}`, string>;

function createStreaks(): { key: string; style: StreakStyle }[] {
  const random = seededRandom(20_240_214);
  const between = (min: number, max: number) => min + random() * (max - min);
  return Array.from({ length: STREAK_COUNT }, (_, index) => ({
    key: `streak-${index}`,
    style: {
      '--top': `${between(-5, 105).toFixed(1)}%`,
      '--left': `${between(-5, 105).toFixed(1)}%`,
      '--length': `${between(28, 70).toFixed(1)}vmax`,
      '--thickness': `${between(3, 9).toFixed(1)}vmax`,
      '--angle': `${between(-38, -12).toFixed(1)}deg`,
      '--color': COLORS[index % COLORS.length] ?? '#f06595',
      '--opacity': between(0.3, 0.7).toFixed(2),
      '--blur': `${between(4, 14).toFixed(0)}px`,
      '--travel': `${between(3, 9).toFixed(1)}vmax`,
      '--duration': `${between(12, 26).toFixed(1)}s`,
      '--delay': `${(-between(0, 26)).toFixed(1)}s`,
    },
  }));
}

const STREAKS = createStreaks();

/** The shared layout's backdrop: 30 blurred coloured streaks under a pulsing glow. Decorative only. */
export function AnimatedBackground() {
  const paused = useBackgroundPaused();
  return (
    <div className={classes.root} aria-hidden="true" data-paused={paused || undefined}>
      {STREAKS.map(({ key, style }) => (
        <span key={key} className={classes.streak} style={style} />
      ))}
      <span className={classes.pulse} />
      <span className={classes.veil} />
    </div>
  );
}
