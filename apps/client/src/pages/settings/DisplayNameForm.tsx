import { displayNameField } from '@exrated/content/fields';
import { DISPLAY_NAME_MAX_LENGTH } from '@exrated/content/rating-fields';
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconCheck, IconShieldLock } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { z } from 'zod/mini';
import { showServerFieldErrors } from '../../lib/form-errors';
import { notify } from '../../lib/notify';
import { readServerError, userFacingMessage } from '../../lib/server-error';
import { useTRPC } from '../../lib/trpc';
import { useRefreshViewer } from '../../lib/viewer';

/** docs/product.md#settings: 'Saved!' shows for 2 seconds. */
const SAVED_MS = 2000;

// The field `profile.updateName` checks, checked before the name is sent; the screening rules are the
// server's alone here.
const displayNameSchema = z.object({ name: displayNameField });
// One resolver for the page's life: the form's setters, which the effect below depends on, are recreated
// whenever its rules change.
const validateDisplayName = schemaResolver(displayNameSchema, { sync: true });

interface DisplayNameFormProps {
  currentName: string | null;
  /** Only a phone proven with a code on this device may change the name of its profile. */
  canEdit: boolean;
}

/**
 * 'Public Display Name (Optional)': saved through profile.updateName; Save Changes -> Saving... -> Saved!.
 * A @mantine/form form; the server's refusal lands on the field.
 */
export function DisplayNameForm({ currentName, canEdit }: DisplayNameFormProps) {
  const trpc = useTRPC();
  const refreshViewer = useRefreshViewer();
  const form = useForm({
    mode: 'controlled',
    initialValues: { name: currentName ?? '' },
    validate: validateDisplayName,
  });
  const [saved, setSaved] = useState(false);
  const { setFieldValue } = form;
  const { name } = form.values;

  useEffect(() => {
    setFieldValue('name', currentName ?? '');
  }, [currentName, setFieldValue]);

  useEffect(() => {
    if (!saved) return;
    const timer = setTimeout(() => setSaved(false), SAVED_MS);
    return () => clearTimeout(timer);
  }, [saved]);

  const update = useMutation(
    trpc.profile.updateName.mutationOptions({
      onSuccess: async (result) => {
        form.setFieldValue('name', result.name ?? '');
        setSaved(true);
        notify.success({ title: 'Profile updated successfully' });
        await refreshViewer();
      },
      onError: (error) => {
        const { code } = readServerError(error);
        if (code === 'UNAUTHORIZED') {
          notify.error({ message: 'You need to be logged in to update your profile' });
          void refreshViewer();
          return;
        }
        showServerFieldErrors(form, error, { refusedField: 'name' });
        notify.error({
          title: 'Failed to update profile',
          message: userFacingMessage(error, 'Please check your connection and try again.'),
        });
      },
    }),
  );

  const saving = update.isPending;
  const state = saving ? 'saving' : saved ? 'saved' : 'idle';
  const unchanged = name.trim() === (currentName ?? '');
  return (
    <form
      onSubmit={form.onSubmit((values) => {
        setSaved(false);
        update.mutate({ name: values.name });
      })}
      noValidate
    >
      <Stack gap="sm">
        <TextInput
          label="Public Display Name (Optional)"
          description="How you appear in ExRated. Leave it empty to stay nameless. No phone numbers, emails, links or @handles."
          placeholder="e.g., Alex"
          {...form.getInputProps('name')}
          maxLength={DISPLAY_NAME_MAX_LENGTH}
          disabled={!canEdit || saving}
          rightSection={
            <Text size="xs" c="dimmed" pr="xs">
              {[...name].length}/{DISPLAY_NAME_MAX_LENGTH}
            </Text>
          }
          rightSectionWidth={56}
        />
        {canEdit ? null : (
          <Alert color="yellow" variant="light" icon={<IconShieldLock size={18} />} radius="md">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">
                Only a verified phone number can set a display name, so nobody can rename a profile by typing
                someone else's number.
              </Text>
              <Button component={Link} to="/verify" size="xs" variant="light" color="yellow">
                Verify your phone number
              </Button>
            </Stack>
          </Alert>
        )}
        <Group justify="flex-end">
          <Button
            type="submit"
            disabled={!canEdit || state === 'saving' || (unchanged && state === 'idle')}
            color={state === 'saved' ? 'teal' : undefined}
            leftSection={state === 'saved' ? <IconCheck size={16} /> : null}
          >
            {state === 'saving' ? 'Saving...' : state === 'saved' ? 'Saved!' : 'Save Changes'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
