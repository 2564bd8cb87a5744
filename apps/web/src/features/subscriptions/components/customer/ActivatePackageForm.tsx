import { Alert, Button, Checkbox, Group, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import { PACKAGE_MESSAGES, type PackageOffer } from '@pawdesk/shared';
import { formatINR } from '@pawdesk/shared/money';
import { IconAlertTriangle } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { Money } from '../../../../components/Money';
import { serverAnswered, serverMessage } from '../../../../lib/api-client';
import { notify } from '../../../../lib/notify';
import { dayCount } from '../../../../lib/subscription-rules';
import { useActivateMyPackage } from '../../api/customer-packages';
import { oneDayCharge, petCount, walletShort } from './packages';

interface Props {
  offers: readonly PackageOffer[];
  pets: readonly { _id: string; name: string }[];
  /** Pets already on a live package: they cannot be on a second. */
  busy: ReadonlySet<string>;
  balance: number;
}

const offerLabel = (o: PackageOffer) =>
  `${o.name} · ${o.boardingType.purpose} · ${dayCount(o.days)} · ${formatINR(o.price)} per pet`;

/** Takes the customer to the wallet's top-up amount. */
function goTopUp() {
  const input = document.getElementById('topup-amount');
  input?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  input?.focus({ preventScroll: true });
}

/**
 * Activate a boarding package for one or more of the customer's pets: a request that waits for check-in at the
 * resort. It needs one day's charge for the chosen pets in the wallet; short of that it is refused here, as the
 * server refuses it, with the way to top up.
 */
export function ActivatePackageForm({ offers, pets, busy, balance }: Props) {
  const activate = useActivateMyPackage();
  const [packageId, setPackageId] = useState<string>(offers.length === 1 ? offers[0]!._id : '');
  const [petIds, setPetIds] = useState<string[]>([]);
  const [errors, setErrors] = useState<{ packageId?: string; petIds?: string }>({});
  const offer = offers.find((o) => o._id === packageId);
  const day = offer ? oneDayCharge(offer, Math.max(1, petIds.length)) : 0;
  const short = offer !== undefined && petIds.length > 0 && walletShort(balance, day);
  const free = pets.filter((p) => !busy.has(p._id));

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const found = {
      packageId: offer ? undefined : PACKAGE_MESSAGES.packageRequired,
      petIds: petIds.length ? undefined : PACKAGE_MESSAGES.petRequired,
    };
    setErrors(found);
    if (found.packageId || found.petIds || short) return;
    activate.mutate(
      { packageId, petIds },
      {
        onSuccess: (res) => {
          notify.success(res.message || PACKAGE_MESSAGES.requested);
          setPetIds([]);
        },
        onError: (err) => {
          if (serverAnswered(err) && (err.errors.packageId || err.errors.petIds))
            setErrors({ packageId: err.errors.packageId, petIds: err.errors.petIds });
          notify.error(serverMessage(err, 'Could not request the package. Please try again.'), err);
        },
      },
    );
  };

  if (free.length === 0)
    return (
      <Text size="sm" c="dimmed">
        All your pets are on a boarding package.
      </Text>
    );

  return (
    <Paper withBorder radius="md" p="md">
      <form onSubmit={onSubmit} noValidate aria-labelledby="activate-heading">
        <Stack gap="sm">
          <Title order={3} fz="md" id="activate-heading">
            Activate a boarding package
          </Title>
          <NativeSelect
            label="Package"
            value={packageId}
            onChange={(e) => {
              setPackageId(e.currentTarget.value);
              setErrors((x) => ({ ...x, packageId: undefined }));
            }}
            error={errors.packageId}
            data={[{ value: '', label: 'Select a package' }, ...offers.map((o) => ({ value: o._id, label: offerLabel(o) }))]}
          />
          <Checkbox.Group
            label="Pets"
            description="The package runs for each pet from its check-in."
            value={petIds}
            onChange={(v) => {
              setPetIds(v);
              setErrors((x) => ({ ...x, petIds: undefined }));
            }}
            error={errors.petIds}
          >
            <Stack gap={6} mt={6}>
              {pets.map((p) => (
                <Checkbox
                  key={p._id}
                  value={p._id}
                  label={p.name}
                  disabled={busy.has(p._id)}
                  description={busy.has(p._id) ? 'Already on a boarding package' : undefined}
                />
              ))}
            </Stack>
          </Checkbox.Group>
          {offer ? (
            <Stack gap={4} role="group" aria-label="What the wallet pays">
              <Group justify="space-between" wrap="nowrap">
                <Text size="sm" c="dimmed">
                  One day's charge{petIds.length ? ` (${petCount(petIds.length)})` : ' (per pet)'}
                </Text>
                <Text size="sm" fw={600} data-testid="activate-day-charge">
                  <Money value={day} />
                </Text>
              </Group>
              <Group justify="space-between" wrap="nowrap">
                <Text size="sm" c="dimmed">
                  Wallet balance
                </Text>
                <Text size="sm" fw={600} c={short ? 'red.8' : undefined}>
                  <Money value={balance} />
                </Text>
              </Group>
              <Text size="xs" c="dimmed">
                {formatINR(offer.price)} per pet over {dayCount(offer.days)}, charged from your wallet one day at a time once your
                pets are checked in.
              </Text>
            </Stack>
          ) : null}
          {short ? (
            <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert" title="Top up first">
              <Stack gap="xs" align="flex-start">
                <Text size="sm">{PACKAGE_MESSAGES.walletShort(formatINR(balance), formatINR(day))}</Text>
                <Button size="xs" variant="white" color="red" onClick={goTopUp}>
                  Top up the wallet
                </Button>
              </Stack>
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button type="submit" loading={activate.isPending} disabled={short}>
              Request boarding
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
