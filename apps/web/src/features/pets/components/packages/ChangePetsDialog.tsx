import { Alert, Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import type { OwnerPackage, PetDetails } from '@pawdesk/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { LoadingState } from '../../../../components/states';
import { serverMessage } from '../../../../lib/api-client';
import { changePackagePets, invalidatePackageData } from '../../../../lib/endpoints/packages';
import { useKeyedSubmit } from '../../../../lib/idempotency';
import { notify } from '../../../../lib/notify';
import { useOwnerPets } from '../../api/owner-pets';

const live = (p: OwnerPackage) => p.pets.filter((x) => x.status === 'waiting' || x.status === 'boarded').map((x) => x.petId);

/** What to send for a new choice of pets: the pets added and those removed. */
export function petsChange(current: readonly string[], chosen: readonly string[]) {
  return {
    add: chosen.filter((id) => !current.includes(id)),
    remove: current.filter((id) => !chosen.includes(id)),
  };
}

function ChangeForm({
  pet,
  pkg,
  elsewhere,
  onDone,
}: {
  pet: PetDetails;
  pkg: OwnerPackage;
  elsewhere: Set<string>;
  onDone: () => void;
}) {
  const qc = useQueryClient();
  const pets = useOwnerPets(pet.owner);
  const current = live(pkg);
  const [chosen, setChosen] = useState<string[]>(current);
  const change = useMutation({
    networkMode: 'always',
    mutationFn: useKeyedSubmit(
      (v: { add: string[]; remove: string[] }, key: string) => changePackagePets(pkg._id, v, key),
      () => pkg._id,
    ),
  });
  const diff = petsChange(current, chosen);
  const changed = diff.add.length + diff.remove.length > 0;

  const submit = () => {
    change.mutate(
      {
        add: diff.add,
        remove: diff.remove,
      },
      {
        onSuccess: (res) => {
          notify.success(res.message);
          void invalidatePackageData(qc);
          onDone();
        },
        onError: (err) => notify.error(serverMessage(err, 'Could not change the pets')),
      },
    );
  };

  if (pets.isPending) return <LoadingState label="Loading the owner's pets..." />;
  return (
    <Stack gap="md">
      <Checkbox.Group label="Pets on this package" value={chosen} onChange={setChosen}>
        <Stack gap={6} mt={6}>
          {(pets.data ?? []).map((p) => (
            <Checkbox
              key={p._id}
              value={p._id}
              label={p.name}
              description={elsewhere.has(p._id) ? 'On another boarding package' : undefined}
              disabled={elsewhere.has(p._id)}
            />
          ))}
        </Stack>
      </Checkbox.Group>
      <Text size="xs" c="dimmed">
        {pkg.status === 'active'
          ? 'A pet added is boarded now and starts its own days (day 1 is charged now); a pet removed stops its share. Days already charged are not refunded.'
          : 'The package waits for check-in: its pets are boarded and charged when they are checked in.'}
      </Text>
      {chosen.length === 0 ? (
        <Alert color="yellow" variant="light">
          A package needs at least one pet: end it instead.
        </Alert>
      ) : null}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onDone} disabled={change.isPending}>
          Cancel
        </Button>
        <Button onClick={submit} disabled={!changed || chosen.length === 0} loading={change.isPending}>
          Save pets
        </Button>
      </Group>
    </Stack>
  );
}

/** 'Change pets' of a live boarding package. */
export function ChangePetsDialog({
  pet,
  pkg,
  elsewhere,
  onClose,
}: {
  pet: PetDetails;
  pkg: OwnerPackage | null;
  /** Pets on the owner's other live packages. */
  elsewhere: Set<string>;
  onClose: () => void;
}) {
  const [round, setRound] = useState(0);
  const openId = pkg?._id;
  // Every opening starts afresh (a refetch of the same package keeps the choice).
  useEffect(() => {
    if (openId) setRound((r) => r + 1);
  }, [openId]);
  return (
    <Modal opened={pkg !== null} onClose={onClose} title={pkg ? `Change pets: ${pkg.name}` : ''} centered>
      {pkg ? <ChangeForm key={round} pet={pet} pkg={pkg} elsewhere={elsewhere} onDone={onClose} /> : null}
    </Modal>
  );
}
