import { Alert, Button, Card } from '@mantine/core';
import { INVENTORY_MESSAGES, type InventoryItem, type InventoryItemBody, isId } from '@pawdesk/shared';
import { IconInfoCircle, IconList } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { ApiError, serverMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useInventoryItem } from '../api/get-item';
import { useEditItem } from '../api/save-item';
import { InventoryForm } from '../components/InventoryForm';

/** The item id arrives through navigation state (spec 000 §2), e.g. from Edit Details or Refill. */
export default function EditInventoryPage() {
  const state = useLocation().state as { id?: unknown } | null;
  const id = isId(state?.id) ? state.id : undefined;
  const item = useInventoryItem(id);
  const edit = useEditItem();
  const navigate = useNavigate();
  const [changed, setChanged] = useState<InventoryItem | null>(null);

  const back = (
    <Button component={Link} to="/staff/inventoryList" variant="default" leftSection={<IconList size={16} />}>
      Inventory List
    </Button>
  );
  const header = <PageHeader title="Edit Inventory Item" subtitle="Update stock, prices and the reorder level" actions={back} />;

  if (!id) {
    return (
      <>
        {header}
        <EmptyState
          title="No inventory item selected"
          hint="Choose Edit Details on an item in the inventory list, or Refill on the alert list."
          action={
            <Button component={Link} to="/staff/inventoryList" mt="sm">
              Go to Inventory List
            </Button>
          }
        />
      </>
    );
  }
  if (item.isPending) {
    return (
      <>
        {header}
        <LoadingState label="Loading inventory item..." />
      </>
    );
  }
  // A failed refetch keeps the form and what was typed; the error shows only when there is nothing to edit.
  if (!item.data) {
    return (
      <>
        {header}
        <ErrorState
          title={INVENTORY_MESSAGES.detailsFailed}
          message={
            item.error instanceof ApiError && item.error.status === 404
              ? 'This inventory item no longer exists.'
              : item.error.message
          }
          onRetry={() => item.refetch()}
        />
      </>
    );
  }

  const current = item.data;
  const onSubmit = async (values: InventoryItemBody) => {
    try {
      const res = await edit.mutateAsync({ ...values, _id: current._id, updatedAt: (changed ?? current).updatedAt });
      notify.success(res.message || INVENTORY_MESSAGES.edited);
      navigate('/staff/inventoryList');
    } catch (err) {
      if (err instanceof ApiError && err.status === 409 && err.body.item) {
        setChanged(err.body.item as InventoryItem);
      }
      notify.error(serverMessage(err, INVENTORY_MESSAGES.editFailed), err);
      throw err;
    }
  };

  return (
    <>
      {header}
      <Card withBorder radius="lg" padding="lg" maw={880}>
        <InventoryForm
          key={current._id}
          item={current}
          submitLabel="Update Inventory Item"
          savingLabel="Updating inventory item..."
          saving={edit.isPending}
          onSubmit={onSubmit}
          notice={
            changed ? (
              <Alert color="yellow" icon={<IconInfoCircle size={18} />} role="alert" title="Changed by someone else">
                Since you opened this item its stock became {changed.stock} {changed.stockUnit}. Review your changes and choose
                Update Inventory Item again to save them.
              </Alert>
            ) : null
          }
        />
      </Card>
    </>
  );
}
