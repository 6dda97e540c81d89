import { FeatureNotAvailable } from '../../components/FeatureNotAvailable';

export default function VerifyPage() {
  return <FeatureNotAvailable title="Verify your phone" />;
}
