import { Center, Loader } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { lazy, Suspense } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router-dom';
import { useViewer, type Viewer } from '../../lib/viewer';
import { PhoneStep } from './PhoneStep';
import { rateReturnKind, safeReturnPath } from './return-to';
import { useVerificationFlow, type VerificationFlowState } from './use-verification-flow';

// The later steps show the number formatted by libphonenumber, whose metadata the phone step loads only
// after its first paint: they come in their own chunks. The code step is fetched with the send that leads to
// it, so the first screen's fetches are only what it shows.
const loadCodeStep = () => import('./CodeStep');
const CodeStep = lazy(() => loadCodeStep().then((module) => ({ default: module.CodeStep })));
const VerifiedStep = lazy(() =>
  import('./VerifiedStep').then((module) => ({ default: module.VerifiedStep })),
);

function VerificationFlow({ viewer, returnTo }: { viewer: Viewer; returnTo: string | null }) {
  const flow = useVerificationFlow(viewer, returnTo);
  return (
    <Suspense
      fallback={
        <Center py={96}>
          <Loader aria-label="Loading the next step" />
        </Center>
      }
    >
      <CurrentStep flow={flow} viewer={viewer} returnTo={returnTo} />
    </Suspense>
  );
}

function CurrentStep({
  flow,
  viewer,
  returnTo,
}: {
  flow: VerificationFlowState;
  viewer: Viewer;
  returnTo: string | null;
}) {
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
      onSubmit={() => {
        void loadCodeStep();
        flow.sendCode();
      }}
      sending={flow.sending}
      error={flow.sendError}
      returningToRate={rateReturnKind(returnTo)}
    />
  );
}

/** /verify: prove a phone number with a texted code (docs/product.md#verification). */
export default function VerifyPage() {
  useDocumentTitle('Verify your phone · ExRated');
  const viewer = useViewer();
  const [params] = useSearchParams();
  const location = useLocation();
  const returnTo = safeReturnPath(params.get('returnTo'));
  // Nothing left to do here: verified and unlocked go to their ratings, or back where they came from. While
  // the profile loads (nothing cached here: almost always a first visit) the viewer reads as a visitor with
  // no phone, so the phone step shows at once; the flow takes the server's answer in when it comes.
  if (viewer.isVerified && (viewer.isUnlocked || returnTo)) {
    return <Navigate to={returnTo ?? '/profile'} replace state={returnTo ? location.state : undefined} />;
  }
  return <VerificationFlow viewer={viewer} returnTo={returnTo} />;
}
