import { Center, Loader } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Navigate, useLocation, useSearchParams } from 'react-router-dom';
import { useViewer, type Viewer } from '../../lib/viewer';
import { CodeStep } from './CodeStep';
import { PhoneStep } from './PhoneStep';
import { safeReturnPath } from './return-to';
import { useVerificationFlow } from './use-verification-flow';
import { VerifiedStep } from './VerifiedStep';

function VerificationFlow({ viewer, returnTo }: { viewer: Viewer; returnTo: string | null }) {
  const flow = useVerificationFlow(viewer, returnTo);
  if (flow.step === 'verified') {
    return <VerifiedStep phone={viewer.phoneNumber ?? flow.phone} onChangeNumber={flow.changeNumber} />;
  }
  if (flow.step === 'code') {
    return (
      <CodeStep
        phone={flow.phone}
        code={flow.code}
        onCodeChange={flow.setCode}
        onCodeComplete={flow.codeCompleted}
        onVerify={flow.verify}
        verifying={flow.verifying}
        error={flow.checkError}
        resendSecondsLeft={flow.resendSecondsLeft}
        onResend={flow.resendCode}
        resending={flow.sending}
        onChangeNumber={flow.changeNumber}
      />
    );
  }
  return (
    <PhoneStep
      phone={flow.phone}
      onPhoneChange={flow.setPhone}
      onSubmit={flow.sendCode}
      sending={flow.sending}
      error={flow.sendError}
      returningToRate={returnTo?.startsWith('/rate') ?? false}
    />
  );
}

/** /verify: prove a phone number with a texted code (spec section 2 'Verify'). */
export default function VerifyPage() {
  useDocumentTitle('Verify your phone · ExRated');
  const viewer = useViewer();
  const [params] = useSearchParams();
  const location = useLocation();
  const returnTo = safeReturnPath(params.get('returnTo'));
  if (viewer.loading) {
    return (
      <Center py={96}>
        <Loader aria-label="Checking your profile" />
      </Center>
    );
  }
  // Nothing left to do here: verified and unlocked go to their ratings, or back where they came from.
  if (viewer.isVerified && (viewer.isUnlocked || returnTo)) {
    return <Navigate to={returnTo ?? '/profile'} replace state={returnTo ? location.state : undefined} />;
  }
  return <VerificationFlow viewer={viewer} returnTo={returnTo} />;
}
