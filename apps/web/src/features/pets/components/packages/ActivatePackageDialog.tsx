import { Alert, Button, Checkbox, Group, List, Modal, Select, Stack, Text } from '@mantine/core';
import { ADMISSION_ACK_LABEL, type OwnerPackage, type PetDetails } from '@pawdesk/shared';
import { formatINR } from '@pawdesk/shared/money';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { LoadingState } from '../../../../components/states';
import { ApiError, serverMessage } from '../../../../lib/api-client';
import { activatePackage, invalidatePackageData, packageOffersQuery } from '../../../../lib/endpoints/packages';
import { useKeyedSubmit } from '../../../../lib/idempotency';
import { notify } from '../../../../lib/notify';
import { useOwnerPets } from '../../api/owner-pets';
import { activationProblem, firstDayCharge } from '../wallet/wallet-rules';

/** The pets already on a live package of the owner (a pet is on at most one). */
export function petsOnPackages(packages: readonly OwnerPackage[]): Set<string> {
  return new Set(
    packages.flatMap((p) => p.pets.filter((x) => x.status === 'waiting' || x.status === 'boarded').map((x) => x.petId)),
  );
}

/** The admission rule's refusal (409 `admissionRequired`): its lines. */
const admissionLines = (err: unknown): string[] | null =>
  err instanceof ApiError && err.status === 409 && err.body.admissionRequired === true
    ? (Array.isArray(err.body.missing) ? err.body.missing : []).filter((l): l is string => typeof l === 'string')
    : null;

function ActivateForm({
  pet,
  balance,
  onPackage,
  onDone,
}: {
  pet: PetDetails;
  balance: number;
  onPackage: Set<string>;
  onDone: () => void;
}) {
  const qc = useQueryClient();
  const offers = useQuery(packageOffersQuery(true));
  const pets = useOwnerPets(pet.owner);
  const [offerId, setOfferId] = useState<string | null>(null);
  const [chosen, setChosen] = useState<string[]>(onPackage.has(pet._id) ? [] : [pet._id]);
  const [admission, setAdmission] = useState<string[] | null>(null);
  const [acknowledged, setAcknowledged] = useState(false);
  const activate = useMutation({ networkMode: 'always', mutationFn: useKeyedSubmit(activatePackage) });
  const offer = offers.data?.find((o) => o._id === offerId) ?? (offers.data?.length === 1 ? offers.data[0] : undefined);
  const charge = offer ? firstDayCharge(offer, chosen.length) : null;
  const short = charge ? activationProblem(charge.total, balance) : null;
  const ready = Boolean(offer) && chosen.length > 0 && !short && (admission === null || acknowledged);

  const submit = () => {
    if (!offer || !ready) return;
    activate.mutate(
      {
        ownerId: pet.owner._id,
        packageId: offer._id,
        petIds: chosen,
        ...(admission && acknowledged ? { admissionAcknowledged: true } : {}),
      },
      {
        onSuccess: (res) => {
          notify.success(res.message);
          void invalidatePackageData(qc);
          onDone();
        },
        onError: (err) => {
          const lines = admissionLines(err);
          if (lines) {
            setAdmission(lines);
            setAcknowledged(false);
            return;
          }
          notify.error(serverMessage(err, 'Could not activate the boarding package'));
        },
      },
    );
  };

  if (offers.isPending || pets.isPending) return <LoadingState label="Loading packages and pets..." />;
  if (offers.isError || pets.isError) {
    return (
      <Alert color="red" title="Could not load the packages or the owner's pets">
        <Button size="xs" variant="white" color="red" onClick={() => void (offers.isError ? offers.refetch() : pets.refetch())}>
          Try Again
        </Button>
      </Alert>
    );
  }
  if (offers.data.length === 0) {
    return (
      <Alert color="yellow" title="No boarding packages on offer">
        An administrator can add one under Prices.
      </Alert>
    );
  }
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        A boarding package is paid from the wallet, one day at a time, per pet. It is not a subscription plan.
      </Text>
      <Select
        label="Boarding package"
        placeholder="Select a package"
        data={offers.data.map((o) => ({
          value: o._id,
          label: `${o.name} · ${o.boardingType.purpose} · ${o.days} days · ${formatINR(o.price)} per pet`,
        }))}
        value={offer?._id ?? null}
        onChange={setOfferId}
        required
        allowDeselect={false}
      />
      <Checkbox.Group label="Pets" description="The owner's pets to board on it" value={chosen} onChange={setChosen} required>
        <Stack gap={6} mt={6}>
          {pets.data.map((p) => (
            <Checkbox
              key={p._id}
              value={p._id}
              label={p.name}
              description={onPackage.has(p._id) ? 'Already on a boarding package' : p.breed}
              disabled={onPackage.has(p._id)}
            />
          ))}
        </Stack>
      </Checkbox.Group>
      {charge && offer ? (
        <Stack gap={2} data-testid="package-day-charge">
          <Text size="sm">
            One day: {formatINR(charge.perPet)} × {chosen.length} {chosen.length === 1 ? 'pet' : 'pets'} ={' '}
            <b>{formatINR(charge.total)}</b>, charged from the wallet now
          </Text>
          <Text size="sm" c={short ? 'red.8' : 'dimmed'}>
            Wallet balance: {formatINR(balance)}
          </Text>
        </Stack>
      ) : null}
      {short ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
          {short}
        </Alert>
      ) : null}
      {admission ? (
        <Alert color="orange" variant="light" title="Admission rule: check these pets before boarding" role="alert">
          <List size="sm" spacing={2} mb="xs">
            {admission.map((l) => (
              <List.Item key={l}>{l}</List.Item>
            ))}
          </List>
          <Checkbox
            label={ADMISSION_ACK_LABEL}
            checked={acknowledged}
            onChange={(e) => setAcknowledged(e.currentTarget.checked)}
          />
        </Alert>
      ) : null}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onDone} disabled={activate.isPending}>
          Cancel
        </Button>
        <Button onClick={submit} disabled={!ready} loading={activate.isPending}>
          Activate and board
        </Button>
      </Group>
    </Stack>
  );
}

/** 'Activate package' (Pet Records' Boarding packages): the offer, the owner's pets, one day's charge vs the wallet. */
export function ActivatePackageDialog({
  pet,
  balance,
  packages,
  opened,
  onClose,
}: {
  pet: PetDetails;
  balance: number;
  packages: readonly OwnerPackage[];
  opened: boolean;
  onClose: () => void;
}) {
  const onPackage = useMemo(() => petsOnPackages(packages), [packages]);
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (opened) setRound((r) => r + 1);
  }, [opened]);
  return (
    <Modal opened={opened} onClose={onClose} title="Activate boarding package" centered size="lg">
      <ActivateForm key={round} pet={pet} balance={balance} onPackage={onPackage} onDone={onClose} />
    </Modal>
  );
}
