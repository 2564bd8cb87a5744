import { Alert, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { formatDate, type OwnerPackage, type PackagePet, type PetDetails } from '@pawdesk/shared';
import { formatINR } from '@pawdesk/shared/money';
import { IconAlertTriangle, IconDoorEnter, IconPackage, IconPlayerStop, IconUsers } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { confirm } from '../../../../components/confirm';
import { serverMessage } from '../../../../lib/api-client';
import { checkInPackage, endPackage, invalidatePackageData, ownerPackagesQuery } from '../../../../lib/endpoints/packages';
import { useKeyedSubmit } from '../../../../lib/idempotency';
import { notify } from '../../../../lib/notify';
import { ActivatePackageDialog, petsOnPackages } from '../packages/ActivatePackageDialog';
import { ChangePetsDialog } from '../packages/ChangePetsDialog';
import { Panel, PanelList } from './Panel';

const STATUS: Record<OwnerPackage['status'], { label: string; color: string }> = {
  awaiting_checkin: { label: 'Awaiting check-in', color: 'yellow' },
  active: { label: 'Active', color: 'teal' },
  ended: { label: 'Ended', color: 'gray' },
  stopped: { label: 'Boarding Stopped', color: 'red' },
};
const END_REASON: Record<string, string> = {
  completed: 'All its days were charged',
  deboarded: 'Its last pet was deboarded',
  customer: 'Ended by the owner',
  staff: 'Ended at the desk',
  low_balance: 'The wallet could not pay a day',
};
const PET_STATUS: Record<PackagePet['status'], string> = {
  waiting: 'Waiting for check-in',
  boarded: 'Boarded',
  removed: 'Removed',
  done: 'Done',
};
const isLive = (p: OwnerPackage) => p.status === 'active' || p.status === 'awaiting_checkin';

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Text>
    </div>
  );
}

function PackageCard({
  p,
  balance,
  busy,
  onChangePets,
  onCheckIn,
  onEnd,
}: {
  p: OwnerPackage;
  balance: number;
  busy: boolean;
  onChangePets: () => void;
  onCheckIn: () => void;
  onEnd: () => void;
}) {
  const waiting = p.pets.filter((x) => x.status === 'waiting');
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="article"
      aria-label={`Boarding package ${p.name}`}
      data-testid="owner-package"
    >
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <div>
          <Group gap={6}>
            <Title order={3} fz="md">
              {p.name}
            </Title>
            <Badge variant="outline" color="grape" size="sm">
              Boarding package
            </Badge>
          </Group>
          <Text size="xs" c="dimmed">
            {formatINR(p.price)} per pet · {p.days} days
            {p.startedAt ? ` · started ${formatDate(p.startedAt)}` : ''}
            {p.endedAt ? ` · ended ${formatDate(p.endedAt)}` : ''}
          </Text>
        </div>
        <Badge color={STATUS[p.status].color} variant="light" data-status={p.status}>
          {STATUS[p.status].label}
        </Badge>
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs" mt="sm">
        <Figure label="Daily charge" value={formatINR(p.dailyCharge)} />
        <Figure label="Charged so far" value={formatINR(p.charged)} />
        <Figure label="Wallet balance" value={formatINR(balance)} />
        <Figure
          label="Estimated days left"
          value={isLive(p) && p.estimatedDaysLeft !== null ? String(p.estimatedDaysLeft) : '—'}
        />
      </SimpleGrid>
      <Stack gap={2} mt="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Pets on the package">
        {p.pets.map((x) => (
          <Text key={x._id} component="li" size="sm" data-testid="package-pet">
            <b>{x.name}</b> · {PET_STATUS[x.status]}
            {x.status !== 'waiting' ? ` · ${x.daysCharged} of ${p.days} days charged` : ''}
          </Text>
        ))}
      </Stack>
      {p.lowBalance && isLive(p) ? (
        <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} title="Low Wallet Balance" mt="sm">
          The wallet holds less than two days of this package. Top up the wallet to keep the pets boarded.
        </Alert>
      ) : null}
      {p.endReason && !isLive(p) ? (
        <Text size="sm" c={p.status === 'stopped' ? 'red.8' : 'dimmed'} mt="sm">
          {END_REASON[p.endReason] ?? p.endReason}. Days already charged are not refunded.
        </Text>
      ) : null}
      {isLive(p) ? (
        <Group gap="xs" mt="md">
          {waiting.length ? (
            <Button size="xs" leftSection={<IconDoorEnter size={14} />} onClick={onCheckIn} loading={busy}>
              Check in {waiting.length === 1 ? waiting[0]?.name : `${waiting.length} pets`}
            </Button>
          ) : null}
          <Button size="xs" variant="light" leftSection={<IconUsers size={14} />} onClick={onChangePets} disabled={busy}>
            Change pets
          </Button>
          <Button
            size="xs"
            variant="subtle"
            color="red"
            leftSection={<IconPlayerStop size={14} />}
            onClick={onEnd}
            disabled={busy}
          >
            End package
          </Button>
        </Group>
      ) : null}
    </Card>
  );
}

/**
 * Boarding packages (Pet Records): the owner's wallet-funded packages (the business's "15 Days Boarding Plan"), with
 * their pets, days charged, daily charge and the days the wallet still pays; Activate package, check in waiting pets,
 * change pets, end. Not subscription plans: those are under Subscriptions.
 */
export function PackagesPanel({ pet, onBack }: { pet: PetDetails; onBack: () => void }) {
  const qc = useQueryClient();
  const q = useQuery({ ...ownerPackagesQuery(pet.owner._id), retry: false });
  const [activating, setActivating] = useState(false);
  const [changing, setChanging] = useState<OwnerPackage | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const packages = q.data?.packages ?? [];
  const balance = q.data?.wallet.balance ?? 0;
  const onAnyPackage = useMemo(() => petsOnPackages(packages), [packages]);
  const checkIn = useMutation({
    networkMode: 'always',
    mutationFn: useKeyedSubmit(
      (id: string, key: string) => checkInPackage(id, {}, key),
      (id) => `in:${id}`,
    ),
  });
  const end = useMutation({
    networkMode: 'always',
    mutationFn: useKeyedSubmit(
      (id: string, key: string) => endPackage(id, key),
      (id) => `end:${id}`,
    ),
  });

  const run = async (p: OwnerPackage, what: 'checkin' | 'end') => {
    const ok = await confirm(
      what === 'end'
        ? {
            title: 'End boarding package',
            message: `End “${p.name}” for ${pet.owner.name}? No more days are charged; days already charged are not refunded. Boarded pets stay boarded until deboarded.`,
            confirmLabel: 'End package',
            danger: true,
          }
        : {
            title: 'Check in pets',
            message: `Board the waiting pets on “${p.name}” now? Their day 1 is charged from the wallet.`,
            confirmLabel: 'Check in',
          },
    );
    if (!ok) return;
    setBusy(p._id);
    try {
      const res = await (what === 'end' ? end : checkIn).mutateAsync(p._id);
      notify.success(res.message);
      void invalidatePackageData(qc);
    } catch (err) {
      notify.error(serverMessage(err, what === 'end' ? 'Could not end the package' : 'Could not check the pets in'));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Panel
      title="Boarding packages"
      petName={`Owner: ${pet.owner.name}`}
      onBack={onBack}
      actions={
        q.data ? (
          <Button leftSection={<IconPackage size={16} />} onClick={() => setActivating(true)}>
            Activate package
          </Button>
        ) : null
      }
    >
      <PanelList
        q={{ ...q, isError: q.isError && !q.data }}
        loading="Loading boarding packages..."
        errorTitle="Could not load the boarding packages"
        failed="Failed to load the boarding packages"
        empty="No boarding packages for this owner"
        isEmpty={packages.length === 0}
      >
        <Stack gap="sm">
          {packages.map((p) => (
            <PackageCard
              key={p._id}
              p={p}
              balance={balance}
              busy={busy === p._id}
              onChangePets={() => setChanging(p)}
              onCheckIn={() => void run(p, 'checkin')}
              onEnd={() => void run(p, 'end')}
            />
          ))}
        </Stack>
      </PanelList>
      {q.data && packages.length === 0 ? (
        <Text size="sm" c="dimmed" ta="center">
          Wallet balance {formatINR(balance)}. A package is charged from the wallet one day at a time.
        </Text>
      ) : null}
      <ActivatePackageDialog
        pet={pet}
        balance={balance}
        packages={packages}
        opened={activating}
        onClose={() => setActivating(false)}
      />
      <ChangePetsDialog
        pet={pet}
        pkg={changing}
        elsewhere={new Set([...onAnyPackage].filter((id) => !changing?.pets.some((x) => x.petId === id)))}
        onClose={() => setChanging(null)}
      />
    </Panel>
  );
}
