import { Badge, Button, Container, Group, Paper, Skeleton, Stack, TextInput, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconLogout, IconSettings } from '@tabler/icons-react';
import { PrimaryLink, StatusCard } from '../../components/StatusCard';
import { formatPhoneForDisplay } from '../../lib/phone-format';
import { useLogOut, useViewer } from '../../lib/viewer';
import { DisplayNameForm } from './DisplayNameForm';
import { DoNotRateSwitch } from './DoNotRateSwitch';
import { ReconfirmNumberProvider } from './ReconfirmNumber';
import { SettingsSection } from './SettingsSection';
import { TextsOptInSwitch } from './TextsOptInSwitch';
import { YourDataSection } from './YourDataSection';

function SettingsSkeleton() {
  return (
    <Container size="sm" py={{ base: 32, sm: 56 }} aria-busy="true">
      <Stack gap="lg" aria-hidden="true">
        <Skeleton height={34} width="60%" radius="md" />
        <Skeleton height={280} radius="lg" />
      </Stack>
    </Container>
  );
}

/** /settings: the phone number, the public display name and log out (docs/product.md#settings). */
export default function SettingsPage() {
  useDocumentTitle('Account Settings · ExRated');
  const viewer = useViewer();
  const logOut = useLogOut();

  if (viewer.loading) return <SettingsSkeleton />;
  if (!viewer.phoneNumber) {
    return (
      <StatusCard
        icon={<IconSettings size={28} stroke={1.6} />}
        title="Access Settings"
        screenTitle="Account Settings"
        actions={<PrimaryLink to="/verify">Login</PrimaryLink>}
      >
        Log in with your phone number to manage your account settings.
      </StatusCard>
    );
  }

  return (
    <ReconfirmNumberProvider phone={viewer.phoneNumber}>
      <Container size="sm" py={{ base: 32, sm: 56 }}>
        <Stack gap="lg">
          <Title order={1} fz={{ base: 30, sm: 38 }}>
            Account Settings
          </Title>
          <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} className="glass-card">
            <Stack gap="lg">
              <TextInput
                label={
                  <Group gap="xs" component="span">
                    Phone Number
                    <Badge size="xs" variant="light" color={viewer.isVerified ? 'green' : 'yellow'}>
                      {viewer.isVerified ? 'Verified' : 'Not verified'}
                    </Badge>
                  </Group>
                }
                description="Used to notify you by text message when someone rates you. It is never shown to anyone."
                value={formatPhoneForDisplay(viewer.phoneNumber)}
                readOnly
                variant="filled"
              />
              <DisplayNameForm currentName={viewer.name} canEdit={viewer.isVerified} />
              <TextsOptInSwitch />
              <DoNotRateSwitch />
            </Stack>
          </Paper>
          {viewer.isVerified ? <YourDataSection /> : null}
          <SettingsSection
            title="Log Out"
            description={
              <>
                Removes all your data from this device and ends your session here.
                {viewer.isVerified ? ' Your profile, including your display name, is deleted as well.' : ''}
              </>
            }
          >
            <Group justify="flex-end">
              <Button color="red" variant="light" leftSection={<IconLogout size={16} />} onClick={logOut}>
                Log Out
              </Button>
            </Group>
          </SettingsSection>
        </Stack>
      </Container>
    </ReconfirmNumberProvider>
  );
}
