import { Divider, Group, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type DeboardResponse, DEBOARD_MESSAGES as M } from '@pawdesk/shared';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { LoadingState } from '../../../components/states';
import { notify } from '../../../lib/notify';
import { useBoardingDetails } from '../api/get-boarding-details';
import { DeboardActions } from './DeboardActions';
import { BillPart, ChargesPart, DaysPart, StayHeader, SubscriptionPart } from './DetailsParts';

/** The row the overlay was opened from (its name and category show while the details load). */
export interface OpenBoarding {
  _id: string;
  petName: string;
  purpose: string;
}

/**
 * The category's details overlay (spec 001 §2, §4): the stay, the subscription, what is charged, paid and due,
 * and the way out (pay, then deboard). A details load that fails shows 'Error in fetching boarding details' and
 * goes to Pet Records.
 */
export function DeboardDetailsModal({
  boarding,
  onClose,
  onDeboarded,
  onClosed,
}: {
  boarding: OpenBoarding | null;
  onClose: () => void;
  /** The overlay has gone (its closing transition is over): where the focus goes back to (issue 22). */
  onClosed?: () => void;
  /** The pet left: the deboarding's answer (its receipt, what stays owed). */
  onDeboarded?: (res: DeboardResponse, boarding: OpenBoarding) => void;
}) {
  const phone = useMediaQuery('(max-width: 36em)', false, { getInitialValueInEffect: false });
  const navigate = useNavigate();
  const q = useBoardingDetails(boarding?._id ?? null);
  const failed = q.isError && !q.data;

  useEffect(() => {
    if (!failed) return;
    notify.error(M.detailsError);
    onClose();
    navigate('/staff/history');
  }, [failed, navigate, onClose]);

  const data = q.data;
  const refresh = async () => (await q.refetch()).data?.deboard;

  return (
    <Modal
      opened={boarding !== null}
      onClose={onClose}
      onExitTransitionEnd={onClosed}
      fullScreen={phone}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': 'Close details' }}
      title={
        <Group gap={6}>
          <Text fw={700}>{boarding?.petName ?? 'Boarding'}</Text>
          <Text c="dimmed">· {boarding?.purpose} details</Text>
        </Group>
      }
    >
      {!data ? (
        <LoadingState label="Loading boarding details..." />
      ) : (
        <Stack gap="md" data-testid="deboard-details">
          <StayHeader details={data.boardingDetails} />
          <Divider />
          <DaysPart details={data.boardingDetails} quote={data.deboard} />
          <SubscriptionPart quote={data.deboard} />
          <BillPart details={data.boardingDetails} quote={data.deboard} />
          <ChargesPart details={data.boardingDetails} quote={data.deboard} />
          <DeboardActions
            details={data.boardingDetails}
            quote={data.deboard}
            onDone={(res) => {
              if (boarding) onDeboarded?.(res, boarding);
              onClose();
            }}
            onRefresh={refresh}
            refreshing={q.isFetching}
          />
        </Stack>
      )}
    </Modal>
  );
}
