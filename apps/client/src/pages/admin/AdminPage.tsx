import { FeatureNotAvailable } from '../../components/FeatureNotAvailable';

export default function AdminPage() {
  return <FeatureNotAvailable title="Admin" />;
}
