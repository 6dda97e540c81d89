import { Button, Stack } from '@mantine/core';
import { IconRosetteDiscountCheck } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { PRIMARY_ACTION_PROPS } from '../../components/StatusCard';
import { formatPhoneForDisplay } from '../../lib/phone-format';
import { VerifyCard } from './VerifyCard';

/** Done: the phone is proven for this device. */
export function VerifiedStep({ phone, onChangeNumber }: { phone: string; onChangeNumber: () => void }) {
  return (
    <VerifyCard
      icon={<IconRosetteDiscountCheck size={30} stroke={1.6} />}
      iconColor="green"
      title="Phone Verified"
      subtitle={`${formatPhoneForDisplay(phone)} is verified on this device.`}
    >
      <Stack gap="xs">
        <Button component={Link} to="/profile" {...PRIMARY_ACTION_PROPS} fullWidth>
          View My Ratings
        </Button>
        <Button variant="subtle" color="gray" size="compact-sm" onClick={onChangeNumber}>
          Use a different phone number
        </Button>
      </Stack>
    </VerifyCard>
  );
}
