import { FeatureNotAvailable } from '../../components/FeatureNotAvailable';

export default function NotificationLandingPage() {
  return <FeatureNotAvailable title="Someone rated your relationship" />;
}
