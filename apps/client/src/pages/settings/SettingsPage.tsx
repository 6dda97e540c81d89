import { FeatureNotAvailable } from '../../components/FeatureNotAvailable';

export default function SettingsPage() {
  return <FeatureNotAvailable title="Account Settings" />;
}
