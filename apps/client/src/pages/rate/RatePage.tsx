import { FeatureNotAvailable } from '../../components/FeatureNotAvailable';

export default function RatePage() {
  return <FeatureNotAvailable title="Rate an Ex" />;
}
