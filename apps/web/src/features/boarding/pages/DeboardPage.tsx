import { Grid, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { BoardedPetRow } from '@pawdesk/shared';
import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { useBoardingCategories } from '../api/get-categories';
import { BoardedPetsList } from '../components/BoardedPetsList';
import { CategoryPicker } from '../components/CategoryPicker';
import { DeboardDetailsModal, type OpenBoarding } from '../components/DeboardDetailsModal';

/**
 * Deboard Pets (/staff/deboard, spec 001 §2): the categories on the left (chips on a phone), the chosen one's
 * boardings with Show Details, and the details overlay where what is due is paid and the pet deboarded. The chosen
 * category is kept in the address (?type=), so Back and a reload keep it.
 */
export default function DeboardPage() {
  const compact = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const categories = useBoardingCategories();
  const [params, setParams] = useSearchParams();
  const [open, setOpen] = useState<OpenBoarding | null>(null);
  const chosenId = params.get('type');
  const category = categories.data?.find((c) => c._id === chosenId) ?? null;

  const select = (id: string) => setParams({ type: id }, { replace: chosenId !== null });
  const onOpen = (row: BoardedPetRow) =>
    setOpen({ _id: row._id, petName: row.petId.name, purpose: category?.purpose ?? row.boardingType.purpose });
  const close = useCallback(() => setOpen(null), []);

  const picker = (
    <CategoryPicker
      categories={categories.data}
      loading={categories.isPending}
      error={categories.error}
      onRetry={() => void categories.refetch()}
      selected={category?._id ?? null}
      onSelect={select}
      compact={compact}
    />
  );
  const list = <BoardedPetsList category={category} onOpen={onOpen} compact={compact} />;

  return (
    <>
      <PageHeader title="Deboard Pets" subtitle="Choose a category, open a stay's details, take what is due and deboard" />
      {compact ? (
        <Stack gap="md">
          {picker}
          {list}
        </Stack>
      ) : (
        <Grid gap="lg" align="flex-start">
          <Grid.Col span={{ base: 12, sm: 4, lg: 3 }}>{picker}</Grid.Col>
          <Grid.Col span={{ base: 12, sm: 8, lg: 9 }}>{list}</Grid.Col>
        </Grid>
      )}
      <DeboardDetailsModal boarding={open} onClose={close} />
    </>
  );
}
