import { AdminPageHeader } from '../AdminPageHeader';
import { PasskeysSection } from './PasskeysSection';

/** /admin/security, for every staff member: the second factors of their own account (docs/staff.md#passkeys). */
export function SecurityPage() {
  return (
    <>
      <AdminPageHeader title="Security" description="Your own account's second factors." />
      <PasskeysSection />
    </>
  );
}
