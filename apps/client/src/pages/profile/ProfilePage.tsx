import { FeatureNotAvailable } from '../../components/FeatureNotAvailable';

export default function ProfilePage() {
  return <FeatureNotAvailable title="My Ratings" />;
}
