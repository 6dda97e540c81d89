import { PHONE_NUMBER_MESSAGE } from '@exrated/content/phone';
import { Alert, Button, Select, Skeleton, Text, TextInput } from '@mantine/core';
import { IconArrowRight, IconHeartHandshake } from '@tabler/icons-react';
import { PhoneNumberInput } from '../../components/phone-input/PhoneNumberInput';
import { useDefaultCountry } from '../../lib/default-country';
import { isValidPhoneNumber } from '../../lib/phone-validation';
import type { BasicInfo, BasicInfoField } from './rating-form-rules';
import { StepForm } from './StepForm';

interface BasicInfoStepProps {
  info: BasicInfo;
  onChange: (patch: Partial<BasicInfo>) => void;
  /** Errors to show now: after a Continue attempt, or from the server. */
  errors: Partial<Record<BasicInfoField, string>>;
  /** Continue was pressed: show the phone error even if the field was never touched. */
  attempted: boolean;
  relationshipTypes: ReadonlyArray<{ value: string; label: string }> | undefined;
  onContinue: () => void;
  /** The visitor has given one rating: this one unlocks their own. */
  isSecondRating: boolean;
}

/** Step 1 of 2: who is being rated (docs/product.md#rate-form). */
export function BasicInfoStep({
  info,
  onChange,
  errors,
  attempted,
  relationshipTypes,
  onContinue,
  isSecondRating,
}: BasicInfoStepProps) {
  const country = useDefaultCountry();
  return (
    <StepForm onSubmit={onContinue} gap="md">
      {isSecondRating ? (
        <Alert
          variant="light"
          color="grape"
          icon={<IconHeartHandshake size={20} />}
          title="Rating Your Second Ex"
        >
          Complete this rating to unlock your own rating
        </Alert>
      ) : null}
      <TextInput
        label="Their first name and initial"
        placeholder="e.g., Alex S."
        description="Just enough info so you remember who this is"
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        value={info.name}
        onChange={(event) => onChange({ name: event.currentTarget.value })}
        error={errors.name}
        maxLength={40}
        autoComplete="off"
        required
      />
      {relationshipTypes ? (
        <Select
          label="Relationship type"
          placeholder="Select relationship type"
          data={relationshipTypes}
          value={info.relationshipType}
          onChange={(value) => onChange({ relationshipType: value })}
          error={errors.relationshipType}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          required
        />
      ) : (
        <Skeleton height={60} radius="md" aria-label="Loading the relationship types" />
      )}
      {country.isPending ? (
        <Skeleton height={84} radius="md" aria-label="Loading the phone number field" />
      ) : (
        <PhoneNumberInput
          label="Their phone number"
          value={info.phoneNumber}
          onChange={(phoneNumber) => onChange({ phoneNumber })}
          defaultCountry={country.data?.country}
          error={errors.phoneNumber ?? (isValidPhoneNumber(info.phoneNumber) ? null : PHONE_NUMBER_MESSAGE)}
          forceShowError={attempted || Boolean(errors.phoneNumber)}
        />
      )}
      <Text size="xs" c="dimmed">
        They get an anonymous text saying their relationship was rated. Your name and number are never shown.
      </Text>
      <Button
        type="submit"
        size="md"
        radius="xl"
        fullWidth
        variant="gradient"
        gradient={{ from: 'brand.5', to: 'violet.6', deg: 100 }}
        rightSection={<IconArrowRight size={18} />}
      >
        Continue to Ratings
      </Button>
    </StepForm>
  );
}
