import { FeatureNotAvailable } from '../../components/FeatureNotAvailable';

export default function UnlockPage() {
  return <FeatureNotAvailable title="Unlock your ratings" />;
}
