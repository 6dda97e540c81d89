import '@mantine/charts/styles.css';

import { BarChart } from '@mantine/charts';
import dayjs from 'dayjs';
import type { DashboardData } from '../admin-types';

/** Ratings and verifications per day, as grouped bars. */
export default function DailyActivityChart({ daily }: { daily: DashboardData['daily'] }) {
  return (
    <BarChart
      h={280}
      data={daily.map((entry) => ({
        ...entry,
        label: dayjs(entry.day).format('D MMM'),
      }))}
      dataKey="label"
      series={[
        { name: 'ratings', label: 'Ratings', color: 'brand.5' },
        { name: 'verifications', label: 'Verifications', color: 'teal.5' },
      ]}
      withLegend
      tickLine="none"
      gridAxis="y"
      xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 16 }}
      yAxisProps={{ allowDecimals: false, width: 32 }}
      aria-label="Ratings and verifications per day over the last 30 days"
    />
  );
}
