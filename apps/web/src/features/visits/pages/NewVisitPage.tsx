import { Alert, Button, Card, Group, Select, Stack, Text } from '@mantine/core';
import { isId, VISIT_MESSAGES, VISIT_SAVED_MESSAGES, type VisitTypeApi, WALK_IN_MESSAGES } from '@pawdesk/shared';
import { formatDateTime } from '@pawdesk/shared/dates';
import { IconAlertTriangle, IconArrowLeft, IconBed, IconShoppingBag } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { ErrorState, LoadingState } from '../../../components/states';
import { ApiError } from '../../../lib/api-client';
import { petDetailsQuery } from '../../../lib/endpoints/pets';
import { plansQuery } from '../../../lib/endpoints/subscriptions';
import { visitPricesQuery, visitTypesQuery } from '../../../lib/endpoints/visit-types';
import { useBoardingCheck } from '../api/check-boarding';
import { PetHeader } from '../components/PetHeader';
import { appointmentCreditOf } from '../components/appointment-credit';
import { presetPurpose } from '../components/preset-purpose';
import { PurposeForm } from '../components/PurposeForm';
import { ShopForm } from '../components/ShopForm';
import { useVisitSave } from '../components/use-visit-save';

const SELECT = 'select';
/** The boarding purposes: a boarded pet gets 'already boarded' instead of their forms; other purposes stay open. */
const STAY_PURPOSE_CODES: readonly string[] = ['hostel', 'day_care', 'day_school', 'play_school', 'dog_park'];
const OTHERS = 'others';

/** The Shop form for a walk-in customer (no pet), with the shared save flow. */
function WalkInShop({ type }: { type: VisitTypeApi }) {
  const saver = useVisitSave(null, type._id);
  return (
    <>
      <ShopForm petId={null} type={type} saver={saver} />
      {saver.element}
    </>
  );
}

/** Every navigation to New Visit (another pet) starts afresh. */
export default function NewVisitPage() {
  const location = useLocation();
  return <NewVisit key={location.key} />;
}

/**
 * New Visit (spec 001 §2): the pet from navigation state, a purpose select from the server's visit types
 * (Inquiry first shown), and the purpose's sub-form priced with the current prices. A boarded pet gets
 * 'The pet is already boarded in {purpose}' instead of a boarding purpose's form (Hostel, Day Care, Day School,
 * Play School, Dog Park); its other purposes may be paid now or added to the stay's bill (issue 18).
 */
function NewVisit() {
  const state = useLocation().state as { petId?: unknown; purpose?: unknown } | null;
  const petId = isId(state?.petId) ? state.petId : undefined;
  const pet = useQuery({ ...petDetailsQuery(petId), retry: false });
  // A walk-in Shop sale (issue 18) needs no pet: offered when New Visit has none.
  const [walkIn, setWalkIn] = useState(false);
  const types = useQuery({ ...visitTypesQuery(), enabled: Boolean(petId) || walkIn });
  const prices = useQuery({ ...visitPricesQuery(), enabled: Boolean(petId), staleTime: 0 });
  // Fetched on load, as the spec says, so Buy Subscription opens at once.
  useQuery({ ...plansQuery(), enabled: Boolean(petId) });
  const boarding = useBoardingCheck(petId);
  const [chosen, setChosen] = useState<string | null>(null);
  // Opened from an online appointment (issue 19): its id and the money held for it.
  const appointment = appointmentCreditOf(state);

  /** The types with the latest prices (getallvisitprices) laid over them. */
  const priced = useMemo<VisitTypeApi[]>(() => {
    const byId = new Map((prices.data ?? []).map((p) => [p._id, p]));
    return (types.data ?? []).map((t) => ({ ...t, ...(byId.get(t._id) ?? {}) }));
  }, [types.data, prices.data]);
  const inquiry = priced.find((t) => t.code === 'inquiry');
  // A purpose named in navigation state (a completed online appointment's service) starts chosen.
  const value = chosen ?? presetPurpose(priced, state) ?? inquiry?._id ?? SELECT;
  const type = priced.find((t) => t._id === value) ?? null;
  const options = [
    { value: SELECT, label: 'Select' },
    ...priced.map((t) => ({ value: t._id, label: t.purpose })),
    { value: OTHERS, label: 'Others' },
  ];

  const header = (
    <PageHeader
      title="New Visit"
      subtitle="Choose the purpose of the visit, price it and take the payment"
      actions={
        <Button component={Link} to="/staff/history" variant="default" leftSection={<IconArrowLeft size={16} />}>
          Pet Records
        </Button>
      }
    />
  );

  if (!petId) {
    const shop = priced.find((t) => t.code === 'shop');
    return (
      <Stack gap="md" maw={760}>
        {header}
        {walkIn ? (
          types.isError ? (
            <ErrorState message={`Could not load the visit form: ${types.error.message}`} onRetry={() => void types.refetch()} />
          ) : shop ? (
            <WalkInShop type={shop} />
          ) : types.isPending ? (
            <LoadingState label="Loading the Shop form..." />
          ) : (
            <Alert color="yellow" title="Invalid Selection">
              The Shop is not on offer.
            </Alert>
          )
        ) : (
          <Alert color="yellow" icon={<IconAlertTriangle size={18} />} title="No pet selected" role="alert">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{VISIT_MESSAGES.petMissing}</Text>
              <Group gap="xs">
                <Button component={Link} to="/staff/history" size="xs" variant="white">
                  Go to Pet Records
                </Button>
                <Button size="xs" leftSection={<IconShoppingBag size={14} />} onClick={() => setWalkIn(true)}>
                  {WALK_IN_MESSAGES.option}
                </Button>
              </Group>
            </Stack>
          </Alert>
        )}
      </Stack>
    );
  }

  const failed = [pet, types, prices, boarding].find((q) => q.isError && q.data === undefined);
  const loading = [pet, types, prices, boarding].some((q) => q.isPending);
  let body: React.ReactNode;
  if (failed) {
    const notFound = pet.error instanceof ApiError && pet.error.status === 404;
    body = (
      <ErrorState
        message={notFound ? 'This pet was not found.' : `Could not load the visit form: ${failed.error?.message ?? ''}`}
        onRetry={
          notFound
            ? undefined
            : () => {
                for (const q of [pet, types, prices, boarding]) if (q.isError) void q.refetch();
              }
        }
      />
    );
  } else if (loading || !pet.data) {
    body = <LoadingState label="Loading the visit form..." />;
  } else {
    const stay = boarding.data;
    body = (
      <>
        {stay ? (
          <Alert color="blue" variant="light" icon={<IconBed size={18} />} title="Staying now" data-testid="stay-banner">
            {pet.data.name} is staying in {stay.boardingType.purpose} since {formatDateTime(stay.entryTime)}. Grooming,
            Veterinary, Shop and Inquiry can be recorded now, paid at once or added to the stay&apos;s bill and settled at
            check-out.
          </Alert>
        ) : null}
        <Card withBorder radius="lg" padding="md">
          <Select
            label="Purpose of visit"
            data={options}
            value={value}
            onChange={(v) => setChosen(v ?? SELECT)}
            allowDeselect={false}
            maw={360}
          />
        </Card>
        {value === SELECT ? (
          <Text c="dimmed" size="sm">
            Please select a purpose of visit.
          </Text>
        ) : type && stay && STAY_PURPOSE_CODES.includes(type.code) ? (
          <Alert color="orange" icon={<IconAlertTriangle size={18} />} title="Already boarded" role="alert">
            {VISIT_SAVED_MESSAGES.alreadyBoarded(stay.boardingType.purpose)}
          </Alert>
        ) : type ? (
          <PurposeForm key={type._id} petId={petId} type={type} appointment={appointment} />
        ) : (
          <Alert color="yellow" title="Invalid Selection">
            Choose one of the listed purposes.
          </Alert>
        )}
      </>
    );
  }

  return (
    <Stack gap="md" maw={760}>
      {header}
      {pet.data ? <PetHeader pet={pet.data} /> : null}
      {body}
    </Stack>
  );
}
