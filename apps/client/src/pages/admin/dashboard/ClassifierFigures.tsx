import { Text } from '@mantine/core';
import type { DashboardData } from '../admin-types';

type Classifier = DashboardData['classifier'];

const PROVIDER_LABELS: Record<string, string> = {
  openai: 'OpenAI moderation',
  comprehend: 'AWS Comprehend',
  off: 'Off (rules alone)',
};

const dollars = (amount: number) =>
  amount.toLocaleString('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 4 });

/** The screening classifier's calls over the chart's days, their failures and their estimated cost. */
export function ClassifierFigures({ classifier }: { classifier: Classifier }) {
  const provider = PROVIDER_LABELS[classifier.provider] ?? classifier.provider;
  if (classifier.calls === 0) {
    return (
      <Text c="dimmed" size="sm">
        {provider}: no calls in the last 30 days.
      </Text>
    );
  }
  return (
    <Text size="sm">
      {provider}: {classifier.calls.toLocaleString()} calls ({classifier.failed.toLocaleString()} failed,{' '}
      {classifier.timedOut.toLocaleString()} timed out, the rules alone deciding those), about{' '}
      {dollars(classifier.costUsd)} in all, {dollars(classifier.costPerRatingUsd)} per rating.
    </Text>
  );
}
