import type { AppRouter } from '@exrated/server/router';
import {
  Alert,
  Badge,
  Box,
  Button,
  Code,
  CopyButton,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { inferOutput, TRPCOptionsProxy } from '@trpc/tanstack-react-query';
import { useState } from 'react';
import { showServerFieldErrors } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { userFacingMessage } from '../../../lib/server-error';
import { useTRPC } from '../../../lib/trpc';
import { AdminPageHeader, LoadError, TableHead } from '../AdminPageHeader';
import { formatDateTime } from '../admin-format';
import type { StaffRole } from '../admin-session';

type StaffApi = TRPCOptionsProxy<AppRouter>['staff'];
type StaffMember = inferOutput<StaffApi['list']>[number];

/** A one-time link, shown once: whoever holds it enrols the account, so it goes to its person only. */
interface ShownLink {
  title: string;
  link: string;
  expiresAt: Date;
}

// A badge keeps its whole word: Mantine's ellipsis would cut 'moderator' or 'Not enrolled' in a narrow cell.
const WHOLE_BADGE = { root: { flexShrink: 0, overflow: 'visible' }, label: { overflow: 'visible' } } as const;

/** What the second factor column says: the app, and how many passkeys beside it. */
function secondFactorOf(member: StaffMember) {
  if (!member.hasSecondFactor) return null;
  if (member.passkeys === 0) return 'App';
  return `App, ${member.passkeys} passkey${member.passkeys === 1 ? '' : 's'}`;
}

function statusOf(member: StaffMember) {
  if (member.removedAt) return { label: 'Removed', color: 'gray' };
  if (member.disabledAt) return { label: 'Disabled', color: 'red' };
  if (!member.hasSecondFactor) return { label: 'Not enrolled', color: 'yellow' };
  return { label: 'Active', color: 'green' };
}

function lastLoginOf(member: StaffMember) {
  return member.lastLoginAt ? formatDateTime(member.lastLoginAt) : 'Never';
}

function MemberName({ member }: { member: StaffMember }) {
  return (
    <div>
      <Group gap={6} wrap="wrap">
        <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
          {member.displayName}
        </Text>
        {member.isSelf && (
          <Badge size="xs" variant="dot" styles={WHOLE_BADGE}>
            You
          </Badge>
        )}
      </Group>
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {member.login}
      </Text>
    </div>
  );
}

function RoleBadge({ role }: { role: StaffRole }) {
  return (
    <Badge color={role === 'admin' ? 'grape' : 'blue'} variant="outline" styles={WHOLE_BADGE}>
      {role}
    </Badge>
  );
}

function MemberStatus({ member }: { member: StaffMember }) {
  const status = statusOf(member);
  const factor = secondFactorOf(member);
  return (
    <Stack gap={4} align="flex-start">
      <Badge color={status.color} variant="light" styles={WHOLE_BADGE}>
        {status.label}
      </Badge>
      {factor && (
        <Text size="xs" c="dimmed">
          {factor}
        </Text>
      )}
    </Stack>
  );
}

/** /admin/staff (admins only): who has access, invitations, and the runbook's actions (docs/staff.md). */
export function StaffPage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const list = useQuery(trpc.staff.list.queryOptions());
  const [shown, setShown] = useState<ShownLink | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.staff.list.queryKey() });
  const failed = (error: unknown) =>
    notify.error({ title: 'Not done', message: userFacingMessage(error, 'Please try again.') });

  const invite = useMutation(
    trpc.staff.invite.mutationOptions({
      onSuccess: (result, input) => {
        setShown({ title: `Invitation for ${input.login}`, link: result.link, expiresAt: result.expiresAt });
        refresh();
      },
      onError: failed,
    }),
  );
  const setDisabled = useMutation(
    trpc.staff.setDisabled.mutationOptions({ onSuccess: refresh, onError: failed }),
  );
  const remove = useMutation(trpc.staff.remove.mutationOptions({ onSuccess: refresh, onError: failed }));
  const reset = useMutation(
    trpc.staff.resetSecondFactor.mutationOptions({
      onSuccess: (result) => {
        setShown({ title: 'New enrolment link', link: result.link, expiresAt: result.expiresAt });
        refresh();
      },
      onError: failed,
    }),
  );

  const inviteForm = useForm<{ login: string; displayName: string; role: StaffRole }>({
    mode: 'controlled',
    initialValues: { login: '', displayName: '', role: 'moderator' },
  });
  const submit = inviteForm.onSubmit((values) => {
    invite.mutate(values, {
      onSuccess: () => inviteForm.setValues({ login: '', displayName: '' }),
      onError: (error) => showServerFieldErrors(inviteForm, error),
    });
  });

  const members = list.data ?? [];
  const busy = setDisabled.isPending || remove.isPending || reset.isPending;
  const actionsOf = (member: StaffMember, wrap: 'wrap' | 'nowrap') => {
    if (member.isSelf) {
      return (
        <Text size="xs" c="dimmed">
          Your own account: its passkeys are under Security.
        </Text>
      );
    }
    if (member.removedAt) return null;
    return (
      <Group gap="xs" wrap={wrap}>
        <Button
          size="xs"
          variant="default"
          disabled={busy}
          onClick={() => setDisabled.mutate({ id: member.id, disabled: !member.disabledAt })}
        >
          {member.disabledAt ? 'Enable' : 'Disable'}
        </Button>
        <Button
          size="xs"
          variant="default"
          disabled={busy || member.disabledAt !== null}
          onClick={() => reset.mutate({ id: member.id })}
        >
          Reset second factor
        </Button>
        <Button
          size="xs"
          color="red"
          variant="light"
          disabled={busy}
          onClick={() => {
            if (window.confirm(`Remove ${member.displayName}? Their sessions end now.`)) {
              remove.mutate({ id: member.id });
            }
          }}
        >
          Remove
        </Button>
      </Group>
    );
  };

  return (
    <>
      <AdminPageHeader
        title="Staff"
        description="Named accounts, each with a password and a second factor."
      />
      {shown && (
        <Alert
          title={shown.title}
          mb="lg"
          withCloseButton
          onClose={() => setShown(null)}
          closeButtonLabel="Done"
          styles={{ title: { overflowWrap: 'anywhere' }, wrapper: { minWidth: 0 }, body: { minWidth: 0 } }}
        >
          <Stack gap="xs">
            <Text size="sm">
              Shown once. Give it to that person only: it works once, until {formatDateTime(shown.expiresAt)}.
            </Text>
            <Code
              block
              data-testid="one-time-link"
              style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}
            >
              {shown.link}
            </Code>
            <CopyButton value={shown.link}>
              {({ copied, copy }) => (
                <Button size="xs" variant="light" onClick={copy} w="fit-content">
                  {copied ? 'Copied' : 'Copy link'}
                </Button>
              )}
            </CopyButton>
          </Stack>
        </Alert>
      )}
      <Paper withBorder radius="md" p="md" mb="lg">
        <form onSubmit={submit}>
          <Stack gap="sm">
            <Title order={2} fz="lg">
              Invite
            </Title>
            <Group grow align="flex-start" wrap="wrap">
              <TextInput
                label="Name or e-mail to log in with"
                {...inviteForm.getInputProps('login')}
                autoCapitalize="none"
                spellCheck={false}
                miw={200}
                required
              />
              <TextInput
                label="Name shown to staff"
                {...inviteForm.getInputProps('displayName')}
                miw={200}
                required
              />
            </Group>
            <SegmentedControl
              aria-label="Role"
              value={inviteForm.values.role}
              onChange={(value) =>
                inviteForm.setFieldValue('role', value === 'admin' ? 'admin' : 'moderator')
              }
              data={[
                { value: 'moderator', label: 'Moderator' },
                { value: 'admin', label: 'Admin' },
              ]}
              w={{ base: '100%', sm: 320 }}
            />
            <Text size="xs" c="dimmed">
              Moderators work the queue, profiles and logs. Admins do everything, including staff and
              settings.
            </Text>
            <Button type="submit" loading={invite.isPending} w="fit-content">
              Invite
            </Button>
          </Stack>
        </form>
      </Paper>
      {list.error ? <LoadError error={list.error} /> : null}
      {/* A table from 576 px; below, one card per person, so nothing hides past the screen's edge. */}
      <Box visibleFrom="xs">
        <Table.ScrollContainer minWidth={760}>
          <Table verticalSpacing="sm" aria-label="Staff accounts">
            <TableHead columns={['Name', 'Role', 'Status', 'Last login', 'Actions']} />
            <Table.Tbody>
              {members.map((member) => (
                <Table.Tr key={member.id} data-testid="staff-member">
                  <Table.Td>
                    <MemberName member={member} />
                  </Table.Td>
                  <Table.Td>
                    <RoleBadge role={member.role} />
                  </Table.Td>
                  <Table.Td>
                    <MemberStatus member={member} />
                  </Table.Td>
                  <Table.Td>{lastLoginOf(member)}</Table.Td>
                  <Table.Td>{actionsOf(member, 'nowrap')}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Box>
      <Stack
        hiddenFrom="xs"
        gap="sm"
        component="ul"
        aria-label="Staff accounts"
        m={0}
        p={0}
        style={{ listStyle: 'none' }}
      >
        {members.map((member) => (
          <Paper key={member.id} component="li" withBorder radius="md" p="sm" data-testid="staff-member">
            <Stack gap="xs">
              <MemberName member={member} />
              <Group gap="xs" wrap="wrap" align="flex-start">
                <RoleBadge role={member.role} />
                <MemberStatus member={member} />
              </Group>
              <Text size="xs" c="dimmed">
                Last login: {lastLoginOf(member)}
              </Text>
              {actionsOf(member, 'wrap')}
            </Stack>
          </Paper>
        ))}
      </Stack>
    </>
  );
}
