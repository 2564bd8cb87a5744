import { Alert, Anchor, Button, Grid, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { BoardedPetRow, DeboardResponse } from '@pawdesk/shared';
import { formatINR } from '@pawdesk/shared/money';
import { IconCircleCheck, IconPrinter } from '@tabler/icons-react';
import { useCallback, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { useBoardingCategories } from '../api/get-categories';
import { useInHouseCounts } from '../api/get-in-house-counts';
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
  const counts = useInHouseCounts();
  const [open, setOpen] = useState<OpenBoarding | null>(null);
  const [left, setLeft] = useState<{ res: DeboardResponse; boarding: OpenBoarding } | null>(null);
  const chosenId = params.get('type');
  const category = categories.data?.find((c) => c._id === chosenId) ?? null;

  // Once the details have closed, the focus goes back to the row's Show Details, wherever the row now is (issue 22).
  const [focusRow, setFocusRow] = useState<string | null>(null);
  const select = (id: string) => {
    setFocusRow(null);
    setParams({ type: id }, { replace: chosenId !== null });
  };
  const lastOpened = useRef<string | null>(null);
  const onOpen = (row: BoardedPetRow) => {
    lastOpened.current = row._id;
    setFocusRow(null);
    setOpen({ _id: row._id, petName: row.petId.name, purpose: category?.purpose ?? row.boardingType.purpose });
  };
  const close = useCallback(() => setOpen(null), []);
  const closed = useCallback(() => setFocusRow(lastOpened.current), []);

  const picker = (
    <CategoryPicker
      categories={categories.data}
      loading={categories.isPending}
      error={categories.error}
      onRetry={() => void categories.refetch()}
      selected={category?._id ?? null}
      onSelect={select}
      compact={compact}
      counts={counts.data}
    />
  );
  const list = <BoardedPetsList category={category} onOpen={onOpen} compact={compact} focusRow={focusRow} />;

  return (
    <>
      <PageHeader
        title="Deboard Pets"
        subtitle="Choose a category, open a stay's details, take what is due and deboard"
        actions={
          <Button
            component={Link}
            to="/staff/care/runcards"
            variant="default"
            leftSection={<IconPrinter size={16} aria-hidden />}
          >
            Print all run cards for today
          </Button>
        }
      />
      {left ? <CheckedOut left={left} onClose={() => setLeft(null)} /> : null}
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
      <DeboardDetailsModal
        boarding={open}
        onClose={close}
        onClosed={closed}
        onDeboarded={(res, boarding) => setLeft({ res, boarding })}
      />
    </>
  );
}

/**
 * The last check-out: who left, the receipt of what was taken (printable) or what stays owed on the owner's statement
 * (pay later).
 */
function CheckedOut({ left, onClose }: { left: { res: DeboardResponse; boarding: OpenBoarding }; onClose: () => void }) {
  const { res, boarding } = left;
  const p = res.payment;
  const receipt = p && p.status === 'completed' && p.receiptNo ? p : null;
  const owed = res.due ?? 0;
  return (
    <Alert
      color={owed > 0 ? 'orange' : 'teal'}
      variant="light"
      icon={<IconCircleCheck size={18} aria-hidden />}
      title={`${boarding.petName} left ${boarding.purpose}`}
      withCloseButton
      onClose={onClose}
      closeButtonLabel="Dismiss"
      mb="md"
      data-testid="checked-out"
    >
      <Stack gap={4}>
        {receipt ? (
          <Text size="sm">
            {formatINR(receipt.amount)} received, receipt {receipt.receiptNo}.{' '}
            <Anchor component={Link} to={`/staff/documents/${receipt._id}`} fw={600}>
              <IconPrinter size={14} aria-hidden style={{ verticalAlign: 'middle' }} /> Print receipt
            </Anchor>
          </Text>
        ) : null}
        {owed > 0 ? (
          <Text size="sm">{formatINR(owed)} stays due on the owner&apos;s statement until the payment link is paid.</Text>
        ) : null}
        {!receipt && owed === 0 ? <Text size="sm">Everything is paid: nothing is due.</Text> : null}
      </Stack>
    </Alert>
  );
}
