import { normalizeName } from '@exrated/content/normalize';
import { schemaResolver, useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { showServerFieldErrors } from '../../lib/form-errors';
import { notify } from '../../lib/notify';
import { keepRatingClaim } from '../../lib/rating-claims';
import { useRatingLists } from '../../lib/rating-lists';
import { readServerError } from '../../lib/server-error';
import { useTRPC } from '../../lib/trpc';
import { useRefreshViewer, type Viewer } from '../../lib/viewer';
import { afterRating, type RateFlags, type SubmitReply } from './rate-flow';
import {
  BASIC_INFO_FIELDS,
  type BasicInfo,
  type BasicInfoField,
  basicInfoSchema,
  DEFAULT_SCORE,
  phoneFromSharedLink,
  type RatingFormValues,
  type ReviewTexts,
} from './rating-form-rules';
import { useScreeningRefusals } from './use-screening-refusals';

const EMPTY_VALUES: RatingFormValues = {
  name: '',
  relationshipType: null,
  phoneNumber: '',
  scores: {},
  gratitude: '',
  selfReflection: '',
  feedback: '',
  testimonial: '',
};
const STEP_ONE_FIELDS = new Set<string>(BASIC_INFO_FIELDS);
// One resolver for the page's life: the form's callbacks are recreated whenever its rules change.
const validateBasicInfo = schemaResolver(basicInfoSchema, { sync: true });

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

const errorText = (error: unknown) => (typeof error === 'string' ? error : undefined);

/**
 * The two-step rating form and its submission, on @mantine/form: step 1 is checked with the schema the
 * server's `rating.submit` shares (rating-form-rules) before step 2 opens, the five scores start at 5, the
 * server's field errors land on their fields (and bring back the step that holds them), and a saved rating
 * leads on as `afterRating` says.
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
  const form = useForm<RatingFormValues>({
    mode: 'controlled',
    initialValues: { ...EMPTY_VALUES, phoneNumber: phoneFromSharedLink(sharedPhone) },
    validate: validateBasicInfo,
    // Once Continue was pressed, step 1's messages follow the typing; editing a field retires the server's
    // message about it.
    validateInputOnChange: [...BASIC_INFO_FIELDS],
  });
  const [step, setStep] = useState<1 | 2>(1);
  // Step 1's own messages wait for the first Continue; the server's only come after one.
  const [attempted, setAttempted] = useState(false);
  const { values, errors } = form;
  // The server's count after this page's last rating, until profile.me has caught up.
  const ratingsGiven = Math.max(viewer.ratingsGiven, submit.data?.ratingsGiven ?? 0);

  // A refusal of the content rules shows as soon as typing pauses; a message of the form wins over it.
  const texts: ReviewTexts = {
    gratitude: values.gratitude,
    selfReflection: values.selfReflection,
    feedback: values.feedback,
    testimonial: values.testimonial,
  };
  const refusals = useScreeningRefusals({ name: values.name, ...texts });
  const stepOneErrors: Partial<Record<BasicInfoField, string>> = {};
  for (const field of BASIC_INFO_FIELDS) {
    const message =
      (attempted ? errorText(errors[field]) : undefined) ?? (field === 'name' ? refusals.name : undefined);
    if (message) stepOneErrors[field] = message;
  }
  const stepTwoErrors: Record<string, string> = { ...refusals };
  for (const [path, error] of Object.entries(errors)) {
    const message = errorText(error);
    if (message && !STEP_ONE_FIELDS.has(path)) stepTwoErrors[path] = message;
  }

  const reset = () => {
    setStep(1);
    form.setValues(EMPTY_VALUES);
    form.clearErrors();
    setAttempted(false);
  };

  const goToRatings = () => {
    setAttempted(true);
    const failed = BASIC_INFO_FIELDS.filter((field) => form.validateField(field).hasError);
    if (failed.length > 0 || refusals.name) return;
    setStep(2);
    window.scrollTo({ top: 0 });
  };

  const send = () => {
    const current = form.getValues();
    const relationshipType = relationshipTypes.data?.find(
      (type) => type.value === current.relationshipType,
    )?.value;
    if (!questions.data || !relationshipType) return;
    form.clearErrors();
    const optional = (value: string) => (value.trim() === '' ? null : value.trim());
    submit.mutate(
      {
        name: normalizeName(current.name),
        relationshipType,
        phoneNumber: current.phoneNumber,
        scores: questions.data.map((question) => ({
          questionId: question.id,
          score: current.scores[question.id] ?? DEFAULT_SCORE,
        })),
        testimonial: optional(current.testimonial),
        gratitude: optional(current.gratitude),
        selfReflection: optional(current.selfReflection),
        feedback: optional(current.feedback),
      },
      {
        onSuccess: (reply: SubmitReply) => {
          if (reply.claim) keepRatingClaim(reply.claim);
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
          // A mistake in step 1 is shown where it can be fixed.
          if (showServerFieldErrors(form, error).some((path) => STEP_ONE_FIELDS.has(path))) setStep(1);
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
    info: { name: values.name, relationshipType: values.relationshipType, phoneNumber: values.phoneNumber },
    setInfo: (patch: Partial<BasicInfo>) => {
      for (const field of BASIC_INFO_FIELDS) {
        if (field in patch) form.setFieldValue(field, patch[field] ?? null);
      }
    },
    stepOneErrors,
    attempted,
    scores: values.scores,
    setScore: (questionId: number, score: number) =>
      form.setFieldValue('scores', (current) => ({ ...current, [questionId]: score })),
    texts,
    setTexts: (patch: Partial<ReviewTexts>) => {
      for (const [field, text] of Object.entries(patch) as [keyof ReviewTexts, string][]) {
        form.setFieldValue(field, text);
      }
    },
    fieldErrors: stepTwoErrors,
    banner: submit.error ? bannerMessage(submit.error) : null,
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
