import { normalizeName } from '@exrated/content/normalize';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { notify } from '../../lib/notify';
import { useRatingLists } from '../../lib/rating-lists';
import { readServerError } from '../../lib/server-error';
import { useTRPC } from '../../lib/trpc';
import { useRefreshViewer, type Viewer } from '../../lib/viewer';
import { afterRating, type RateFlags, type SubmitReply } from './rate-flow';
import {
  type BasicInfo,
  type BasicInfoErrors,
  basicInfoErrors,
  DEFAULT_SCORE,
  phoneFromSharedLink,
  type ReviewTexts,
} from './rating-form-rules';
import { useScreeningRefusals } from './use-screening-refusals';

const EMPTY_TEXTS: ReviewTexts = { gratitude: '', selfReflection: '', feedback: '', testimonial: '' };
const STEP_ONE_FIELDS = new Set(['name', 'relationshipType', 'phoneNumber']);

/** The red banner's text for a failed submission (docs/product.md#messages), never a stack or SQL. */
function bannerMessage(error: unknown): string {
  const { message, code } = readServerError(error);
  if (!code)
    return 'Failed to create rating: ExRated could not be reached. Check your connection and try again.';
  if (code === 'INTERNAL_SERVER_ERROR' || !message) {
    return 'Failed to create rating: something went wrong on our side. Please try again.';
  }
  return message;
}

function serverFieldErrors(error: unknown): Record<string, string> {
  if (typeof error !== 'object' || error === null || !('data' in error)) return {};
  const { data } = error;
  if (typeof data !== 'object' || data === null || !('fieldErrors' in data)) return {};
  const { fieldErrors } = data;
  if (typeof fieldErrors !== 'object' || fieldErrors === null) return {};
  return Object.fromEntries(
    Object.entries(fieldErrors).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

/**
 * The state of the two-step rating form and its submission: the five scores start at 5, step 1 is checked
 * before step 2 opens, the server's field errors land on their fields, and a saved rating leads on as
 * `afterRating` says.
 */
export function useRateForm({
  sharedPhone,
  flags,
  viewer,
}: {
  /** The `?phone=` of a shared link, as given; read here so /rate's own screen needs no libphonenumber. */
  sharedPhone: string | null;
  flags: RateFlags;
  viewer: Viewer;
}) {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const refreshViewer = useRefreshViewer();
  const { questions, relationshipTypes } = useRatingLists();
  const submit = useMutation(trpc.rating.submit.mutationOptions());

  const [step, setStep] = useState<1 | 2>(1);
  const [info, setInfo] = useState<BasicInfo>(() => ({
    name: '',
    relationshipType: null,
    phoneNumber: phoneFromSharedLink(sharedPhone),
  }));
  const [scores, setScores] = useState<Record<number, number>>({});
  const [texts, setTexts] = useState<ReviewTexts>(EMPTY_TEXTS);
  const [attempted, setAttempted] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [banner, setBanner] = useState<string | null>(null);
  // The server's count after this page's last rating, until profile.me has caught up.
  const [lastCount, setLastCount] = useState<number | null>(null);
  const ratingsGiven = Math.max(viewer.ratingsGiven, lastCount ?? 0);

  // A refusal of the content rules shows as soon as typing pauses; the server's message, until its field is
  // edited, wins over it.
  const refusals = useScreeningRefusals({ name: info.name, ...texts });
  const localErrors = attempted ? basicInfoErrors(info) : {};
  const stepOneErrors: BasicInfoErrors = {
    ...(refusals.name ? { name: refusals.name } : {}),
    ...localErrors,
    ...Object.fromEntries(Object.entries(fieldErrors).filter(([field]) => STEP_ONE_FIELDS.has(field))),
  };
  const stepTwoErrors = { ...refusals, ...fieldErrors };

  // Editing a field retires the server's message about it.
  const forgetServerErrors = (patch: object) =>
    setFieldErrors((current) =>
      Object.fromEntries(Object.entries(current).filter(([field]) => !(field in patch))),
    );

  const reset = () => {
    setStep(1);
    setInfo({ name: '', relationshipType: null, phoneNumber: '' });
    setScores({});
    setTexts(EMPTY_TEXTS);
    setAttempted(false);
    setFieldErrors({});
    setBanner(null);
  };

  const goToRatings = () => {
    setAttempted(true);
    if (Object.keys(basicInfoErrors(info)).length > 0 || refusals.name) return;
    setStep(2);
    window.scrollTo({ top: 0 });
  };

  const send = () => {
    const relationshipType = relationshipTypes.data?.find(
      (type) => type.value === info.relationshipType,
    )?.value;
    if (!questions.data || !relationshipType) return;
    setBanner(null);
    setFieldErrors({});
    const optional = (value: string) => (value.trim() === '' ? null : value.trim());
    submit.mutate(
      {
        name: normalizeName(info.name),
        relationshipType,
        phoneNumber: info.phoneNumber,
        scores: questions.data.map((question) => ({
          questionId: question.id,
          score: scores[question.id] ?? DEFAULT_SCORE,
        })),
        testimonial: optional(texts.testimonial),
        gratitude: optional(texts.gratitude),
        selfReflection: optional(texts.selfReflection),
        feedback: optional(texts.feedback),
      },
      {
        onSuccess: (reply: SubmitReply) => {
          setLastCount(reply.ratingsGiven);
          void refreshViewer();
          const { toast, next } = afterRating(reply, {
            flags,
            isVerified: viewer.isVerified,
            wasUnlocked: viewer.isUnlocked,
          });
          notify.success({ title: toast.title, message: toast.message });
          if (next.kind === 'stay') {
            reset();
            window.scrollTo({ top: 0 });
          } else {
            navigate(next.to, { replace: true, state: next.state });
          }
        },
        onError: (error) => {
          const errors = serverFieldErrors(error);
          setFieldErrors(errors);
          setBanner(bannerMessage(error));
          // A mistake in step 1 is shown where it can be fixed.
          if (Object.keys(errors).some((field) => STEP_ONE_FIELDS.has(field))) setStep(1);
          notify.error({
            title: 'Submission failed',
            message: 'There was an error submitting your rating. Please try again.',
          });
        },
      },
    );
  };

  return {
    step,
    info,
    setInfo: (patch: Partial<BasicInfo>) => {
      setInfo((current) => ({ ...current, ...patch }));
      forgetServerErrors(patch);
    },
    stepOneErrors,
    attempted,
    scores,
    setScore: (questionId: number, score: number) =>
      setScores((current) => ({ ...current, [questionId]: score })),
    texts,
    setTexts: (patch: Partial<ReviewTexts>) => {
      setTexts((current) => ({ ...current, ...patch }));
      forgetServerErrors(patch);
    },
    fieldErrors: stepTwoErrors,
    banner,
    submitting: submit.isPending,
    questions: questions.data,
    questionsFailed: questions.isError || relationshipTypes.isError,
    relationshipTypes: relationshipTypes.data,
    ratingsGiven,
    goToRatings,
    back: () => setStep(1),
    send,
  };
}
