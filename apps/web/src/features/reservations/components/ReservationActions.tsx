import { Alert, Button, Checkbox, Group, List, Modal, Stack, Text } from '@mantine/core';
import { ADMISSION_ACK_LABEL, type DnsOverride, formatINR, type ReservationStatus } from '@pawdesk/shared';
import {
  IconAlertTriangle,
  IconBan,
  IconCash,
  IconCheck,
  IconDoorEnter,
  IconDoorExit,
  IconEye,
  IconReceiptRefund,
  IconUserX,
} from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { confirm } from '../../../components/confirm';
import { useDnsOverride } from '../../../components/donotserve';
import { ApiError, serverMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { notify } from '../../../lib/notify';
import { useCheckIn, useTakeDeposit, useTransition } from '../api/reservations';
import { CancelDialog, WaiveDialog } from './CancelDialog';
import { type DepositChoice, DepositModal, useDepositFollowUp } from './deposit';

/** What the actions need to know of a reservation (a day-list entry or the detail). */
export interface ActionTarget {
  reservationId: string | null;
  status: ReservationStatus | null;
  /** A checked-in stay's boarding: check-out is at Deboard. */
  boardingId: string | null;
  visitTypeId: string;
  /** '2 dogs of Asha (Hostel, 3 days: 8 Nov to 10 Nov)' */
  label: string;
  /** The first business day of the stay: check-in and no-show from then on. */
  firstDay: string;
  /** What is still owed (the deposit's most). */
  due: number;
  depositHeld: number;
}

const OPEN: readonly ReservationStatus[] = ['requested', 'confirmed', 'waitlisted'];

/** Which actions a reservation offers now (the server checks again). */
export function actionsFor(
  t: ActionTarget,
  o: { isAdmin: boolean; arrival: boolean; departure: boolean; today: string | undefined },
) {
  const s = t.status;
  const arrived = o.arrival && o.today !== undefined && t.firstDay <= o.today;
  return {
    checkIn: t.reservationId !== null && s === 'confirmed' && arrived,
    checkOut: t.boardingId !== null && o.departure && (s === null || s === 'checked_in'),
    confirm: s === 'requested' || s === 'waitlisted',
    deposit: t.reservationId !== null && s !== null && OPEN.includes(s) && t.due > 0,
    noShow: s === 'confirmed' && arrived,
    cancel: s !== null && OPEN.includes(s),
    waive: s === 'no_show' && o.isAdmin && t.depositHeld > 0,
  };
}

/** The admission rule's refusal at check-in (a 409 naming what is missing), as New Visit shows it. */
function admissionLines(err: unknown): string[] | null {
  if (!(err instanceof ApiError) || err.status !== 409 || err.body.admissionRequired !== true) return null;
  return Array.isArray(err.body.missing) ? err.body.missing.filter((l): l is string => typeof l === 'string') : [];
}

/**
 * The buttons of one reservation: Check in (arrivals), Check out at Deboard (departures), Confirm (requested or
 * waitlisted), Take deposit, No-show, Cancel (with what it refunds), Waive (admins), Details.
 */
export function ReservationActions({
  target,
  arrival = false,
  departure = false,
  onDetails,
  today,
}: {
  target: ActionTarget;
  /** The business's today (check-in and no-show are offered from the check-in day). */
  today: string | undefined;
  arrival?: boolean;
  departure?: boolean;
  onDetails?: () => void;
}) {
  const { user } = useAuth();
  const isAdmin = Boolean(user?.role === 'staff' && user.isAdmin);
  const can = actionsFor(target, { isAdmin, arrival, departure, today });
  const id = target.reservationId;
  const checkIn = useCheckIn();
  const confirmIt = useTransition('confirm');
  const noShow = useTransition('no-show');
  const deposit = useTakeDeposit();
  const followUp = useDepositFollowUp();
  const [cancelling, setCancelling] = useState(false);
  const [waiving, setWaiving] = useState(false);
  const [depositOpen, setDepositOpen] = useState(false);
  const [admission, setAdmission] = useState<string[] | null>(null);
  const [acknowledged, setAcknowledged] = useState(false);
  const dns = useDnsOverride('reservation');

  const doCheckIn = async (acknowledge: boolean, dnsOverride?: DnsOverride) => {
    if (!id || checkIn.isPending) return;
    try {
      const body = { ...(acknowledge ? { admissionAcknowledged: true } : {}), ...(dnsOverride ? { dnsOverride } : {}) };
      const res = await checkIn.mutateAsync({ id, body });
      setAdmission(null);
      setAcknowledged(false);
      notify.success(res.message ?? 'Checked in');
    } catch (err) {
      if (dns.intercept(err, (o) => void doCheckIn(acknowledge, o))) return;
      const lines = admissionLines(err);
      if (lines) setAdmission(lines);
      else notify.error(serverMessage(err, 'The server did not answer. Check in again: it is done at most once.'), err);
    }
  };

  const doConfirm = async (dnsOverride?: DnsOverride) => {
    if (!id) return;
    try {
      const res = await confirmIt.mutateAsync(dnsOverride ? { id, dnsOverride } : id);
      notify.success(res.message ?? 'Reservation confirmed');
    } catch (err) {
      if (dns.intercept(err, (o) => void doConfirm(o))) return;
      notify.error(serverMessage(err, 'Could not confirm the reservation'), err);
    }
  };

  const doNoShow = async () => {
    if (!id) return;
    const ok = await confirm({
      title: 'Mark as a no-show',
      message:
        target.depositHeld > 0
          ? `The pets did not come. The deposit of ${formatINR(target.depositHeld)} is kept (an admin can waive it).`
          : 'The pets did not come. No deposit is held.',
      confirmLabel: 'Mark no-show',
      danger: true,
    });
    if (!ok) return;
    try {
      const res = await noShow.mutateAsync(id);
      notify.success(res.message ?? 'Marked as a no-show');
    } catch (err) {
      notify.error(serverMessage(err, 'Could not mark the no-show'), err);
    }
  };

  const doDeposit = async (d: DepositChoice) => {
    if (!id) return;
    try {
      const res = await deposit.mutateAsync({ id, body: d });
      setDepositOpen(false);
      await followUp.follow(res);
    } catch (err) {
      setDepositOpen(false);
      notify.error(serverMessage(err, 'The server did not answer. Take the deposit again: it is taken at most once.'), err);
    }
  };

  return (
    <>
      <Group gap={6} wrap="wrap">
        {can.checkIn ? (
          <Button
            size="xs"
            leftSection={<IconDoorEnter size={14} />}
            loading={checkIn.isPending}
            onClick={() => void doCheckIn(false)}
          >
            Check in
          </Button>
        ) : null}
        {can.checkOut ? (
          <Button
            size="xs"
            component={Link}
            to={`/staff/deboard?type=${target.visitTypeId}`}
            leftSection={<IconDoorExit size={14} />}
          >
            Check out at Deboard
          </Button>
        ) : null}
        {can.confirm ? (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconCheck size={14} />}
            loading={confirmIt.isPending}
            onClick={() => void doConfirm()}
          >
            Confirm
          </Button>
        ) : null}
        {can.deposit ? (
          <Button size="xs" variant="light" leftSection={<IconCash size={14} />} onClick={() => setDepositOpen(true)}>
            Take deposit
          </Button>
        ) : null}
        {can.noShow ? (
          <Button
            size="xs"
            variant="default"
            leftSection={<IconUserX size={14} />}
            loading={noShow.isPending}
            onClick={() => void doNoShow()}
          >
            No-show
          </Button>
        ) : null}
        {can.cancel ? (
          <Button size="xs" variant="subtle" color="red" leftSection={<IconBan size={14} />} onClick={() => setCancelling(true)}>
            Cancel
          </Button>
        ) : null}
        {can.waive ? (
          <Button
            size="xs"
            variant="subtle"
            color="red"
            leftSection={<IconReceiptRefund size={14} />}
            onClick={() => setWaiving(true)}
          >
            Waive
          </Button>
        ) : null}
        {onDetails && id ? (
          <Button size="xs" variant="subtle" leftSection={<IconEye size={14} />} onClick={onDetails}>
            Details
          </Button>
        ) : null}
      </Group>
      {can.cancel || cancelling ? (
        <CancelDialog id={cancelling ? id : null} label={target.label} onClose={() => setCancelling(false)} />
      ) : null}
      {can.waive || waiving ? (
        <WaiveDialog id={waiving ? id : null} label={target.label} held={target.depositHeld} onClose={() => setWaiving(false)} />
      ) : null}
      {can.deposit || depositOpen ? (
        <DepositModal
          opened={depositOpen}
          onClose={() => setDepositOpen(false)}
          total={target.due}
          submitting={deposit.isPending}
          onChoose={(d) => void doDeposit(d)}
        />
      ) : null}
      {followUp.element}
      <Modal
        closeButtonProps={{ 'aria-label': 'Close' }}
        opened={admission !== null}
        onClose={() => setAdmission(null)}
        title="Admission rule: check this pet before boarding"
        centered
      >
        <Stack gap="sm">
          <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />}>
            <List size="sm" spacing={2}>
              {(admission ?? []).map((l) => (
                <List.Item key={l}>{l}</List.Item>
              ))}
            </List>
          </Alert>
          <Text size="sm">A dog must be at least 4 months old with its core vaccinations up to date.</Text>
          <Checkbox
            label={ADMISSION_ACK_LABEL}
            checked={acknowledged}
            onChange={(e) => setAcknowledged(e.currentTarget.checked)}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setAdmission(null)}>
              Not now
            </Button>
            <Button disabled={!acknowledged} loading={checkIn.isPending} onClick={() => void doCheckIn(true)}>
              Check in
            </Button>
          </Group>
        </Stack>
      </Modal>
      {dns.element}
    </>
  );
}
