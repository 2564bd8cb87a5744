import { Button, Card } from '@mantine/core';
import { INVENTORY_MESSAGES, type InventoryItemBody } from '@pawdesk/shared';
import { IconList } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { serverMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useAddItem } from '../api/save-item';
import { InventoryForm } from '../components/InventoryForm';

export default function AddInventoryPage() {
  const add = useAddItem();
  const navigate = useNavigate();

  const onSubmit = async (values: InventoryItemBody) => {
    try {
      const res = await add.mutateAsync(values);
      notify.success(res.message || INVENTORY_MESSAGES.added);
      navigate('/staff/inventoryList');
    } catch (err) {
      notify.error(serverMessage(err, INVENTORY_MESSAGES.addFailed), err);
      throw err;
    }
  };

  return (
    <>
      <PageHeader
        title="Add Inventory Item"
        subtitle="Medicines, vaccines, syringes and disposables with their stock and prices"
        actions={
          <Button component={Link} to="/staff/inventoryList" variant="default" leftSection={<IconList size={16} />}>
            Inventory List
          </Button>
        }
      />
      <Card withBorder radius="lg" padding="lg" maw={880}>
        <InventoryForm
          submitLabel="Add Inventory Item"
          savingLabel="Adding inventory item..."
          saving={add.isPending}
          onSubmit={onSubmit}
        />
      </Card>
    </>
  );
}
