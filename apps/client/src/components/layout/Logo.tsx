import { Group, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import classes from './Logo.module.css';

/** The ExRated mark: a heart crossed out, in the brand gradient. */
export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="exrated-logo-gradient" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#f06595" />
          <stop offset="1" stopColor="#845ef7" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="16" fill="url(#exrated-logo-gradient)" />
      <path
        d="M32 50 14.6 33.2a10.2 10.2 0 0 1 14.4-14.4L32 21.6l3-2.8a10.2 10.2 0 0 1 14.4 14.4Z"
        fill="#fff"
      />
      <path d="M27 28.5 37 38.5M37 28.5 27 38.5" stroke="#d6336c" strokeWidth="4.2" strokeLinecap="round" />
    </svg>
  );
}

export function Logo() {
  return (
    <Link to="/" className={classes.link} aria-label="ExRated home">
      <Group gap={10} wrap="nowrap">
        <LogoMark />
        {/* On a phone the mark alone leaves room for the header's buttons (the link is named either way). */}
        <Text component="span" className={classes.wordmark} visibleFrom="xs">
          Ex<span className={classes.accent}>Rated</span>
        </Text>
      </Group>
    </Link>
  );
}
