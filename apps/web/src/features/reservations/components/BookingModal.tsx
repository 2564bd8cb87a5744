import '@mantine/dates/styles.css';
import { Alert, Button, Group, Modal, Select, SimpleGrid, Stack, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type DnsOverride, formatINR, type Owner, type Reservation } from '@pawdesk/shared';
import { IconAlertTriangle, IconCalendarPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useDnsOverride } from '../../../components/donotserve';
import { LabelledSegments } from '../../../components/LabelledSegments';
import { ApiError, serverMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useBoardingTypes, useCreateReservation, useReservationQuote, useStaySettings } from '../api/reservations';
import {
  type BookingField,
  type BookingValues,
  bookingErrors,
  createBody,
  emptyBooking,
  offersHalfDay,
  previewLabel,
  quoteBody,
  saveMode,
} from './booking-rules';
import { type DepositChoice, DepositModal, useDepositFollowUp } from './deposit';
import { OwnerPetPicker } from './OwnerPetPicker';
import { QuoteCard } from './QuoteCard';
import { StayDateFields } from './StayDateFields';

/** The server's field names → the form's. */
const SERVER_FIELD: Record<string, BookingField> = {
  ownerId: 'owner',
  petIds: 'pets',
  visitTypeId: 'visitTypeId',
  checkInDate: 'checkInDate',
  checkInTime: 'checkInTime',
  checkOutDate: 'checkOutDate',
  checkOutTime: 'checkOutTime',
  notes: 'notes',
};

const SAVE_FAILED = 'Could not save the reservation';
const NO_ANSWER = 'The server did not answer. Save again: the reservation is made (and any deposit taken) at most once.';

/**
 * The booking form (a modal from /staff/reservations): the owner and pets, the boarding type, check-in and
 * check-out dates and times, a half or full day for Day Care and Hostel, notes; the server's quote (the
 * days/nights label, the price, each day's room) is shown before saving, a full day offers the waitlist, and a
 * deposit can be taken at once through the shared payment modal. Kept mounted: what was typed survives a failed
 * save and closing the dialog, until a save succeeds.
 */
export function BookingModal({
  opened,
  onClose,
  today,
  onSaved,
}: {
  opened: boolean;
  onClose: () => void;
  /** The business's today (the server's). */
  today: string;
  onSaved: (r: Reservation) => void;
}) {
  const phone = useMediaQuery('(max-width: 48em)');
  const types = useBoardingTypes();
  const settings = useStaySettings();
  const [values, setValues] = useState<BookingValues>(() => emptyBooking(today));
  const [owner, setOwner] = useState<Owner | null>(null);
  const [touched, setTouched] = useState<Partial<Record<BookingField, boolean>>>({});
  const [tried, setTried] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<BookingField, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [depositOpen, setDepositOpen] = useState(false);
  const create = useCreateReservation();
  const followUp = useDepositFollowUp();
  const dns = useDnsOverride('reservation');

  const type = types.data?.find((t) => t._id === values.visitTypeId) ?? null;
  const halfDayOffered = offersHalfDay(type);
  const ctx = { today, halfDayOffered };
  const errors = bookingErrors(values, ctx);
  const body = quoteBody(values, ctx);
  const quote = useReservationQuote(body);
  // A quote for other input (kept while the new one loads) is not this stay's.
  const current = quote.data && !quote.isPlaceholderData ? quote.data : undefined;
  const mode = saveMode(current);
  const preview = previewLabel(body, settings.data);

  const set = <K extends keyof BookingValues>(k: K, v: BookingValues[K]) => {
    setValues((old) => ({ ...old, [k]: v }));
    setServerErrors({});
    setFailure(null);
  };
  const touch = (f: BookingField) => () => setTouched((t) => ({ ...t, [f]: true }));
  const errorOf = (f: BookingField) => serverErrors[f] ?? (tried || touched[f] ? errors[f] : undefined);

  const save = async (deposit: DepositChoice | null, dnsOverride?: DnsOverride) => {
    setTried(true);
    if (!body || !current || create.isPending) return;
    setFailure(null);
    try {
      const made = createBody(body, values, { waitlist: mode === 'waitlist', deposit: mode === 'save' ? deposit : null });
      const res = await create.mutateAsync(dnsOverride ? { ...made, dnsOverride } : made);
      setDepositOpen(false);
      // With a deposit, what follows it says what was taken (or opens the card checkout).
      if (!deposit) notify.success(res.message);
      setValues(emptyBooking(today, settings.data?.checkOutTime));
      setOwner(null);
      setTouched({});
      setTried(false);
      onSaved(res.reservation);
      if (deposit) await followUp.follow(res);
    } catch (err) {
      setDepositOpen(false);
      // A flagged owner or pet: the reason, and for an admin the override of this one reservation.
      if (dns.intercept(err, (o) => void save(deposit, o))) return;
      const fields: Partial<Record<BookingField, string>> = {};
      if (err instanceof ApiError)
        for (const [k, m] of Object.entries(err.errors)) if (SERVER_FIELD[k]) fields[SERVER_FIELD[k]] = m;
      setServerErrors(fields);
      setFailure(serverMessage(err, NO_ANSWER));
      // A day filled meanwhile: ask again, so the waitlist is offered.
      if (err instanceof ApiError && err.status === 409) void quote.refetch();
      notify.error(serverMessage(err, SAVE_FAILED), err);
    }
  };

  const submit = (withDeposit: boolean) => {
    setTried(true);
    if (!body) {
      notify.invalid('Check the highlighted fields');
      return;
    }
    if (!current) return;
    if (withDeposit) setDepositOpen(true);
    else void save(null);
  };

  const typeOptions = (types.data ?? []).map((t) => ({ value: t._id, label: t.purpose }));
  const saving = create.isPending;

  return (
    <>
      <Modal
        closeButtonProps={{ 'aria-label': 'Close the form' }}
        opened={opened}
        onClose={() => (saving ? undefined : onClose())}
        title="New reservation"
        size="lg"
        fullScreen={phone}
        keepMounted
        closeOnClickOutside={false}
      >
        <form
          noValidate
          aria-busy={saving}
          onSubmit={(e) => {
            e.preventDefault();
            submit(false);
          }}
        >
          <Stack gap="md">
            <OwnerPetPicker
              owner={owner}
              petIds={values.petIds}
              onOwner={(o) => {
                setOwner(o);
                set('ownerId', o?._id ?? null);
                if (o) set('petIds', []);
              }}
              onPets={(ids) => {
                set('petIds', ids);
                touch('pets')();
              }}
              error={owner ? errorOf('pets') : errorOf('owner')}
              disabled={saving}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <Select
                label="Boarding type"
                placeholder={types.isPending ? 'Loading...' : 'Choose'}
                data={typeOptions}
                value={values.visitTypeId}
                onChange={(v) => {
                  set('visitTypeId', v);
                  touch('visitTypeId')();
                }}
                error={
                  errorOf('visitTypeId') ??
                  (types.isError ? serverMessage(types.error, 'Could not load the boarding types') : undefined)
                }
                withAsterisk
                allowDeselect={false}
                disabled={saving}
                comboboxProps={{ withinPortal: true }}
              />
              {halfDayOffered ? (
                <LabelledSegments
                  id="length-label"
                  label="Length"
                  gap={4}
                  value={values.length}
                  onChange={(v) => set('length', v)}
                  data={[
                    { value: 'full', label: 'Full day' },
                    { value: 'half', label: `Half day (${formatINR(type?.halfdayPrice ?? 0)})` },
                  ]}
                  disabled={saving}
                />
              ) : null}
            </SimpleGrid>
            <StayDateFields
              values={values}
              today={today}
              sameDay={halfDayOffered && values.length === 'half'}
              disabled={saving}
              set={set}
              touch={touch}
              errorOf={errorOf}
            />
            <Textarea
              label="Notes"
              placeholder="Feeding, medicines, who collects the pet…"
              autosize
              minRows={2}
              maxLength={2000}
              value={values.notes}
              onChange={(e) => set('notes', e.currentTarget.value)}
              error={errorOf('notes')}
              disabled={saving}
            />
            <QuoteCard
              quote={current}
              preview={preview}
              loading={body !== null && quote.isFetching}
              error={body !== null && !current ? quote.error : null}
              onRetry={() => void quote.refetch()}
            />
            {failure ? (
              <Alert color="red" variant="light" role="alert" title={SAVE_FAILED} icon={<IconAlertTriangle size={18} />} p="sm">
                {failure}
              </Alert>
            ) : null}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onClose} disabled={saving}>
                Close
              </Button>
              {mode === 'waitlist' ? (
                <Button type="submit" color="orange" loading={saving} disabled={saving}>
                  Join the waitlist
                </Button>
              ) : (
                <>
                  <Button variant="light" onClick={() => submit(true)} disabled={saving || (body !== null && mode === 'wait')}>
                    Save and take deposit
                  </Button>
                  <Button
                    type="submit"
                    leftSection={<IconCalendarPlus size={16} />}
                    loading={saving && !depositOpen}
                    disabled={saving || (body !== null && mode === 'wait')}
                  >
                    Save reservation
                  </Button>
                </>
              )}
            </Group>
          </Stack>
        </form>
      </Modal>
      <DepositModal
        opened={depositOpen}
        onClose={() => setDepositOpen(false)}
        total={current?.price ?? 0}
        submitting={saving}
        onChoose={(d) => void save(d)}
      />
      {followUp.element}
      {dns.element}
    </>
  );
}
