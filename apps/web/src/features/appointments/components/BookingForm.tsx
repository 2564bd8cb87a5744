import {
  Alert,
  Badge,
  Button,
  Card,
  Chip,
  Divider,
  Group,
  NativeSelect,
  NumberInput,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import type { PetDetails } from '@pawdesk/shared';
import { ageInYears, DEFAULT_TZ, todayIn } from '@pawdesk/shared/dates';
import { formatINR } from '@pawdesk/shared/money';
import { IconAlertTriangle, IconCalendarCheck, IconCreditCard, IconTruck } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { DateField } from '../../../components/dates/DateField';
import { Money } from '../../../components/Money';
import { LabelledSegments } from '../../../components/LabelledSegments';
import { ApiError, serverMessage } from '../../../lib/api-client';
import type { AuthUser } from '@pawdesk/shared';
import { useCustomerCheckout } from '../../../lib/customer-checkout';
import { submitOnce, useSubmissionKey } from '../../../lib/idempotency';
import { notify } from '../../../lib/notify';
import { queryRoots } from '../../../lib/query-keys';
import { createAppointment } from '../api/create-appointment';
import { saidOr } from './appointment-view';
import { useSlots } from '../api/get-slots';
import type { BookableService, FareRule } from '../api/types';
import {
  BOOKING_MESSAGES as M,
  type BookingErrors,
  type BookingValues,
  bookingBody,
  EMPTY_BOOKING,
  previewOf,
  slotState,
  stayDays,
  timeOf,
  validateBooking,
} from './booking-form';
import { CustomerDnsNotice, useCustomerDns } from '../../../components/donotserve';

export type BookingPet = Pick<PetDetails, '_id' | 'name' | 'breed'> & { species?: string | null; dob?: string | null };

interface Props {
  service: BookableService;
  pets: readonly BookingPet[];
  user: Pick<AuthUser, 'fullName' | 'email' | 'phone' | 'address' | 'customer_id' | 'id'>;
  /** The pickup fare rule (the services answer's); the server's own rule decides the amount. */
  fareRule?: FareRule;
  /** The first bookable day (the services answer's: tomorrow in the business time zone). */
  earliest: string;
  /** Today in the business time zone, for the pet's age. */
  today?: string;
}

/**
 * The booking form (issue 19): read-only customer info, the customer's pet, the day (from tomorrow) and a time from
 * the slots (a taken one disabled), or a stay's first and last day; notes; optional pickup & drop with its fare shown
 * before booking; pay at the desk or online now; the total. The server takes every price itself.
 */
export function BookingForm({ service, pets, user, fareRule, earliest, today: givenToday }: Props) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const checkout = useCustomerCheckout();
  const submission = useSubmissionKey();
  const stay = service.kind === 'stay';
  // A pet (or an owner) flagged do not serve cannot be picked; the server refuses the booking anyway.
  const dns = useCustomerDns();
  const paused = (id: string) => dns.owner ?? dns.byPet.get(id) ?? null;
  const [v, setV] = useState<BookingValues>({ ...EMPTY_BOOKING, petId: pets.length === 1 ? pets[0]!._id : '' });
  const [errors, setErrors] = useState<BookingErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const slots = useSlots(service._id, v.date && v.date.length === 10 ? v.date : null);
  const today = givenToday ?? todayIn(DEFAULT_TZ);
  const min = earliest;
  const preview = previewOf(service, v, fareRule);
  const busy = saving || checkout.busy;

  const set = <K extends keyof BookingValues>(k: K, value: BookingValues[K]) => {
    setV((cur) => ({ ...cur, [k]: value, ...(k === 'date' ? { time: '' } : {}) }));
    setErrors((e) => ({ ...e, [k]: undefined, form: undefined }));
    setFailure(null);
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validateBooking(v, {
      kind: service.kind,
      petIds: pets.map((p) => p._id),
      earliest,
      slots: slots.data?.slots,
      rule: fareRule,
    });
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setFailure(found.form ?? M.required);
      return;
    }
    const pet = pets.find((p) => p._id === v.petId)!;
    const age = ageInYears(pet.dob, today);
    const body = bookingBody(
      { ...v, time: timeOf(v, service.kind) },
      {
        customerId: user.customer_id ?? user.id,
        service,
        pet: { ...pet, age: age === null ? null : String(age) },
        preview,
      },
    );
    setFailure(null);
    const scope = `appt:${service._id}:${v.petId}:${v.date}:${v.time}:${v.endDate}:${v.payment}`;
    if (v.payment === 'online') {
      const outcome = await checkout.pay({
        createOrder: async (key) => {
          const res = await createAppointment(body, key);
          if (!res.checkout) throw new ApiError(500, M.failed, {});
          return res.checkout;
        },
        orderFailed: M.failed,
        description: `${service.name} for ${pet.name}`,
        prefill: { name: user.fullName, email: user.email, contact: user.phone ?? undefined },
        scope,
      });
      if (outcome.status === 'failed') onRefused(outcome.error);
      return;
    }
    setSaving(true);
    try {
      await submitOnce(submission, (key) => createAppointment(body, key), { retries: 2, scope });
      void qc.invalidateQueries({ queryKey: queryRoots.appointments });
      notify.success(M.booked);
      navigate('/customer/seeappointment');
    } catch (err) {
      onRefused(err);
    } finally {
      setSaving(false);
    }
  };

  const onRefused = (err: unknown) => {
    setFailure(saidOr(err, M.failed));
    const fields = err instanceof ApiError ? err.errors : {};
    if (Object.keys(fields).length > 0) setErrors((e) => ({ ...e, ...fields }));
    // A slot taken meanwhile: show the day afresh.
    if (err instanceof ApiError && err.status === 409) void slots.refetch();
  };

  const pickTime = (time: string) => set('time', time);

  return (
    <Card withBorder radius="lg" padding="lg" maw={720}>
      <form onSubmit={onSubmit} noValidate aria-label="Book an appointment">
        <Stack gap="md">
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <div>
              <Title order={2} fz="lg" data-testid="booking-service">
                {service.name}
              </Title>
              <Text size="sm" c="dimmed">
                {stay ? 'A stay: choose the first and last day; the resort confirms the request.' : 'Choose a day and a time.'}
              </Text>
            </div>
            <Badge variant="light" size="lg" color="orange">
              {formatINR(service.price)}
              {stay ? ' / day' : ''}
            </Badge>
          </Group>

          <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
            <Text component="legend" size="sm" fw={600} mb={6}>
              Your details
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
              <TextInput label="Name" value={user.fullName} readOnly variant="filled" />
              <TextInput label="Email" value={user.email} readOnly variant="filled" />
              <TextInput label="Phone" value={user.phone ?? ''} placeholder="Not given" readOnly variant="filled" />
            </SimpleGrid>
          </fieldset>

          <NativeSelect
            id="book-pet"
            label="Pet"
            required
            value={v.petId}
            onChange={(e) => set('petId', e.currentTarget.value)}
            error={errors.petId}
            data={[
              { value: '', label: 'Select a pet' },
              ...pets.map((p) => {
                const name = p.breed ? `${p.name} (${p.breed})` : p.name;
                return paused(p._id)
                  ? { value: p._id, label: `${name}: service paused`, disabled: true }
                  : { value: p._id, label: name };
              }),
            ]}
          />
          {v.petId && paused(v.petId) ? <CustomerDnsNotice flag={paused(v.petId)!} /> : null}

          {stay ? (
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <DateField label="From" required min={min} value={v.date} onChange={(d) => set('date', d)} error={errors.date} />
              <DateField
                label="To"
                required
                min={v.date || min}
                value={v.endDate}
                onChange={(d) => set('endDate', d)}
                error={errors.endDate}
              />
            </SimpleGrid>
          ) : (
            <>
              <DateField
                label="Date"
                description="From tomorrow"
                required
                min={min}
                value={v.date}
                onChange={(d) => set('date', d)}
                error={errors.date}
                maw={260}
              />
              <TimeSlots
                date={v.date}
                loading={slots.isFetching && !slots.data}
                failed={slots.isError ? serverMessage(slots.error, 'Could not load the times') : null}
                onRetry={() => void slots.refetch()}
                slots={slots.data?.slots}
                pickup={v.pickup}
                value={v.time}
                onChange={pickTime}
                error={errors.time}
              />
            </>
          )}

          <Textarea
            label="Notes"
            placeholder="Anything we should know (optional)"
            autosize
            minRows={2}
            maxLength={1000}
            value={v.notes}
            onChange={(e) => set('notes', e.currentTarget.value)}
          />

          <Stack gap="xs">
            <Switch
              label="Pickup & drop"
              description="We collect your pet and bring it home"
              checked={v.pickup}
              onChange={(e) => set('pickup', e.currentTarget.checked)}
              thumbIcon={<IconTruck size={10} />}
            />
            {v.pickup ? (
              <Stack gap="xs" pl={{ base: 0, sm: 'lg' }}>
                <Textarea
                  label="Pickup address"
                  required
                  autosize
                  minRows={2}
                  maxLength={500}
                  value={v.pickupAddress}
                  onChange={(e) => set('pickupAddress', e.currentTarget.value)}
                  error={errors.pickupAddress}
                />
                <NumberInput
                  label="Distance (km)"
                  description={`From your address to the resort (at most ${fareRule?.maxKm ?? 40} km)`}
                  required
                  min={0}
                  max={fareRule?.maxKm ?? 40}
                  decimalScale={1}
                  allowNegative={false}
                  value={v.distanceKm}
                  onChange={(d) => set('distanceKm', d)}
                  error={errors.distanceKm}
                  maw={200}
                />
                {stay ? (
                  <TimeSlots
                    label="Pickup time"
                    date={v.date}
                    loading={slots.isFetching && !slots.data}
                    failed={slots.isError ? serverMessage(slots.error, 'Could not load the times') : null}
                    onRetry={() => void slots.refetch()}
                    slots={slots.data?.slots}
                    pickup
                    value={v.time}
                    onChange={pickTime}
                    error={errors.time}
                  />
                ) : null}
                <Text size="sm" data-testid="pickup-fare">
                  Pickup &amp; drop fare: <b>{preview.fare === null ? '—' : formatINR(preview.fare)}</b>
                </Text>
              </Stack>
            ) : null}
          </Stack>

          {stay ? (
            <Text size="sm" c="dimmed" data-testid="stay-payment">
              Stays are paid at the desk: the resort confirms the dates, and you pay when you bring your pet.
            </Text>
          ) : (
            <LabelledSegments
              id="book-pay-label"
              label="Payment"
              value={v.payment}
              onChange={(p) => set('payment', p)}
              data={[
                { value: 'desk', label: 'Pay at the desk' },
                { value: 'online', label: 'Pay online now' },
              ]}
              fullWidth
              maw={420}
            />
          )}

          <Divider />
          <Stack gap={4} role="group" aria-label="Price summary">
            <Line label={stay && v.date && v.endDate ? `${service.name} × ${stayDays(v.date, v.endDate)} day(s)` : service.name}>
              <Money value={preview.service} />
            </Line>
            {v.pickup ? <Line label="Pickup & drop">{preview.fare === null ? '—' : <Money value={preview.fare} />}</Line> : null}
            <Group justify="space-between" wrap="nowrap">
              <Text fw={600}>Total</Text>
              <Text fw={700} fz="xl" data-testid="booking-total">
                <Money value={preview.total} />
              </Text>
            </Group>
          </Stack>

          {failure ? (
            <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert" data-testid="booking-error">
              {failure}
            </Alert>
          ) : null}

          <Button
            type="submit"
            size="md"
            fullWidth
            loading={busy}
            disabled={busy}
            leftSection={v.payment === 'online' ? <IconCreditCard size={18} /> : <IconCalendarCheck size={18} />}
          >
            {v.payment === 'online' ? `Pay ${formatINR(preview.total)} and book` : stay ? 'Request Stay' : 'Book Appointment'}
          </Button>
        </Stack>
      </form>
      {checkout.element}
    </Card>
  );
}

function Line({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{children}</Text>
    </Group>
  );
}

function TimeSlots(props: {
  label?: string;
  date: string;
  loading: boolean;
  failed: string | null;
  onRetry: () => void;
  slots?: readonly { time: string; available: boolean; pickupAvailable: boolean }[];
  pickup: boolean;
  value: string;
  onChange: (t: string) => void;
  error?: string;
}) {
  const { slots, pickup } = props;
  let body: React.ReactNode;
  if (!props.date)
    body = (
      <Text size="sm" c="dimmed">
        Choose a date to see the free times.
      </Text>
    );
  else if (props.failed)
    body = (
      <Group gap="xs">
        <Text size="sm" c="red.8" role="alert">
          {props.failed}
        </Text>
        <Button size="compact-xs" variant="light" color="red" onClick={props.onRetry}>
          Try Again
        </Button>
      </Group>
    );
  else if (props.loading || !slots)
    body = (
      <Text size="sm" c="dimmed">
        Loading the times...
      </Text>
    );
  else if (slots.length === 0) body = <Text size="sm">No times on this day. Choose another day.</Text>;
  else
    body = (
      <Chip.Group value={props.value} onChange={(t) => props.onChange(t as string)}>
        <SimpleGrid cols={{ base: 3, xs: 4, sm: 6 }} spacing={6} role="radiogroup" aria-label={props.label ?? 'Time'}>
          {slots.map((s) => {
            const st = slotState(s, pickup);
            return (
              <Chip key={s.time} type="radio" value={s.time} disabled={st.disabled} size="sm" radius="sm" aria-label={st.label}>
                {s.time}
                {st.note ? (
                  <Text span size="xs" c="dimmed" ml={4}>
                    {st.note}
                  </Text>
                ) : null}
              </Chip>
            );
          })}
        </SimpleGrid>
      </Chip.Group>
    );
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        {props.label ?? 'Time'}{' '}
        <Text span c="red">
          *
        </Text>
      </Text>
      {body}
      {props.error ? (
        <Text size="xs" c="red">
          {props.error}
        </Text>
      ) : null}
    </Stack>
  );
}
