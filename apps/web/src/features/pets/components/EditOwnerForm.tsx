import { type EditOwnerBody, editOwnerFormBody, type Owner, PET_MSG } from '@pawdesk/shared';
import { useZodForm } from '../../../lib/forms';
import { useEditOwner } from '../api/save-pets';
import type { OwnerContactValues } from '../forms';
import { EditFormCard } from './EditFormCard';
import { OwnerFields } from './OwnerFields';
import { OwnerGstFields } from './OwnerGstFields';

interface EditOwnerFormValues extends OwnerContactValues {
  id: string;
  name: string;
  /** GST (issue 17): '' for none. */
  gstin: string;
  stateCode: string;
}

/**
 * Inline Edit Owner Details form (spec 000 §2, §5). The phone is required, as the spec has it, unless the owner has
 * none on file (issue 21: imported from the original system without one): their other details can then be saved
 * with the phone left blank, or a phone added.
 */
export function EditOwnerForm({ owner, onCancel }: { owner: Owner; onCancel: () => void }) {
  const edit = useEditOwner();
  const hasPhone = Boolean(owner.phone);
  const form = useZodForm<EditOwnerFormValues, EditOwnerBody>(editOwnerFormBody(hasPhone), {
    id: owner._id,
    name: owner.name,
    phone: owner.phone ?? '',
    email: owner.email ?? '',
    address: owner.address,
    gstin: owner.gstin ?? '',
    stateCode: owner.stateCode ?? '',
  });
  return (
    <EditFormCard form={form} save={edit} title="Edit Owner Details" label="Edit owner details" onCancel={onCancel}>
      <OwnerFields
        nameField="name"
        autoFocus
        phoneRequired={hasPhone}
        phoneDescription={hasPhone ? undefined : PET_MSG.noPhoneOnFile}
      />
      <OwnerGstFields />
    </EditFormCard>
  );
}
