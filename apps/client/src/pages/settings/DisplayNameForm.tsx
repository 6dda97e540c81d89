import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconCheck, IconShieldLock } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { notify } from '../../lib/notify';
import { readServerError, userFacingMessage } from '../../lib/server-error';
import { useTRPC } from '../../lib/trpc';
import { useRefreshViewer } from '../../lib/viewer';

/** The server's limit (profile.updateName): the field stops at it so nobody types past it. */
const DISPLAY_NAME_MAX_LENGTH = 40;
/** docs/product.md#settings: 'Saved!' shows for 2 seconds. */
const SAVED_MS = 2000;

type SaveState = 'idle' | 'saving' | 'saved';

interface DisplayNameFormProps {
  currentName: string | null;
  /** Only a phone proven with a code on this device may change the name of its profile. */
  canEdit: boolean;
}

/** 'Public Display Name (Optional)': saved through profile.updateName; Save Changes -> Saving... -> Saved!. */
export function DisplayNameForm({ currentName, canEdit }: DisplayNameFormProps) {
  const trpc = useTRPC();
  const refreshViewer = useRefreshViewer();
  const [name, setName] = useState(currentName ?? '');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [state, setState] = useState<SaveState>('idle');

  useEffect(() => {
    setName(currentName ?? '');
  }, [currentName]);

  useEffect(() => {
    if (state !== 'saved') return;
    const timer = setTimeout(() => setState('idle'), SAVED_MS);
    return () => clearTimeout(timer);
  }, [state]);

  const update = useMutation(
    trpc.profile.updateName.mutationOptions({
      onSuccess: async (result) => {
        setName(result.name ?? '');
        setState('saved');
        notify.success({ title: 'Profile updated successfully' });
        await refreshViewer();
      },
      onError: (error) => {
        setState('idle');
        const { code, message } = readServerError(error);
        if (code === 'UNAUTHORIZED') {
          notify.error({ message: 'You need to be logged in to update your profile' });
          void refreshViewer();
          return;
        }
        if (code === 'BAD_REQUEST' && message) setFieldError(message);
        notify.error({
          title: 'Failed to update profile',
          message: userFacingMessage(error, 'Please check your connection and try again.'),
        });
      },
    }),
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    setFieldError(null);
    setState('saving');
    update.mutate({ name });
  }

  const unchanged = name.trim() === (currentName ?? '');
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label="Public Display Name (Optional)"
          description="How you appear in ExRated. Leave it empty to stay nameless. No phone numbers, emails, links or @handles."
          placeholder="e.g., Alex"
          value={name}
          onChange={(event) => {
            setName(event.currentTarget.value);
            setFieldError(null);
          }}
          maxLength={DISPLAY_NAME_MAX_LENGTH}
          disabled={!canEdit || state === 'saving'}
          error={fieldError}
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
