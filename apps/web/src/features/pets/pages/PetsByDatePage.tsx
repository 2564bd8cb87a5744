import { Button, Card, Group, Modal, NativeSelect, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { formatDate, isIsoDate, type Pet, type PetDetails, speciesLabel, todayIn } from '@pawdesk/shared';
import { IconArrowLeft, IconCalendarPlus, IconVaccine } from '@tabler/icons-react';
import { type ReactNode, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { phoneText } from '../../../components/PhoneLink';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { errorMessage } from '../../../lib/api-client';
import { usePetDetails } from '../api/get-pet';
import { usePetsByDate } from '../api/get-pets-filtered';
import { InfoGrid } from '../components/InfoGrid';
import { InfoTile } from '../components/InfoTile';
import { breedText } from '../components/PetDetailsView';
import { VisitHistoryList } from '../components/VisitHistoryList';
import classes from '../components/pets.module.css';
import { DateField } from '../../../components/dates/DateField';

function PetDetailsSection({ pet, onBack }: { pet: PetDetails; onBack: () => void }) {
  const navigate = useNavigate();
  const [vaccOpen, setVaccOpen] = useState(false);
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={onBack} autoFocus>
          Back to Pet List
        </Button>
        <Button
          leftSection={<IconCalendarPlus size={16} />}
          onClick={() => navigate('/staff/nvisit2', { state: { petId: pet._id } })}
        >
          Add New Visit
        </Button>
      </Group>
      <Card withBorder radius="md" padding="lg" component="section" aria-label="Pet Details">
        <Title order={2} fz="lg" mb="md">
          Pet Details
        </Title>
        <InfoGrid
          cols={3}
          items={[
            ['Name', pet.name],
            ['Species', speciesLabel(pet.species)],
            ['Breed', breedText(pet)],
            ['Sex', pet.sex],
            ['Color', pet.color],
            ['Date of birth', pet.dob ? formatDate(pet.dob) : '—'],
            ['Owner', pet.owner.name],
            ['Phone', phoneText(pet.owner.phone)],
            ['Email', pet.owner.email || '—'],
            ['Address', pet.owner.address || '—'],
          ]}
        />
        {pet.vaccinations.length > 0 ? (
          <InfoTile
            icon={IconVaccine}
            title="Vaccinations"
            hint={`${pet.vaccinations.length} recorded`}
            mt="md"
            maw={280}
            onClick={() => setVaccOpen(true)}
          />
        ) : null}
      </Card>
      <Card withBorder radius="md" padding="lg" component="section" aria-label="Visit History">
        <Title order={2} fz="lg" mb="md">
          Visit History
        </Title>
        <VisitHistoryList petId={pet._id} />
      </Card>
      <Modal opened={vaccOpen} onClose={() => setVaccOpen(false)} title="Vaccinations" centered>
        <Stack gap="xs">
          {pet.vaccinations.map((v) => (
            <Group key={v._id} justify="space-between" wrap="wrap" gap={4}>
              <Text fw={600} size="sm">
                {v.name}
              </Text>
              <Text size="sm" c="dimmed">
                {[
                  v.numberOfDose != null ? `${v.numberOfDose} dose${v.numberOfDose === 1 ? '' : 's'}` : null,
                  v.givenOn ? `given ${formatDate(v.givenOn)}` : null,
                  v.serialNo ? `serial ${v.serialNo}` : null,
                  v.nextDue ? `next due ${formatDate(v.nextDue)}` : null,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </Text>
            </Group>
          ))}
        </Stack>
      </Modal>
    </Stack>
  );
}

/** Pet registrations by date (/staff/petByDate): who registered on a day, with details and visit history (spec 000 §2). */
export default function PetsByDatePage() {
  const [date, setDate] = useState(todayIn());
  const [species, setSpecies] = useState('');
  const [selected, setSelected] = useState<string | null>(null);
  const valid = isIsoDate(date);
  const q = usePetsByDate(valid ? date : '');
  const details = usePetDetails(selected);

  const speciesPresent = useMemo(() => [...new Set((q.data ?? []).map((p) => p.species))].sort(), [q.data]);
  const shown: Pet[] = (q.data ?? []).filter((p) => !species || p.species === species);

  const changeDate = (d: string) => {
    setDate(d);
    setSpecies('');
    setSelected(null);
  };

  let body: ReactNode;
  if (selected) {
    if (details.isPending) body = <LoadingState label="Loading pet details..." />;
    else if (details.isError)
      body = (
        <ErrorState title="Could not load the pet" message={errorMessage(details.error)} onRetry={() => void details.refetch()} />
      );
    else body = <PetDetailsSection pet={details.data} onBack={() => setSelected(null)} />;
  } else if (!valid) body = <Text c="dimmed">Choose a date to see the pets registered on it.</Text>;
  else if (q.isPending) body = <LoadingState label="Loading pets..." />;
  else if (q.isError)
    body = <ErrorState title="Could not load pets" message={errorMessage(q.error)} onRetry={() => void q.refetch()} />;
  else if (shown.length === 0)
    body = (
      <EmptyState
        title={species ? `No pets registered for ${speciesLabel(species)} on this date` : 'No pets registered on this date'}
      />
    );
  else
    body = (
      <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Pets registered on this date">
        {shown.map((p) => (
          <li key={p._id}>
            <UnstyledButton className={classes.tile} onClick={() => setSelected(p._id)}>
              <Group justify="space-between" wrap="nowrap">
                <div>
                  <Text fw={600}>{p.name}</Text>
                  <Text size="sm" c="dimmed">
                    {p.species} - {breedText(p)}
                  </Text>
                </div>
                <Text size="xs" c="dimmed">
                  Owner: {p.owner.name}
                </Text>
              </Group>
            </UnstyledButton>
          </li>
        ))}
      </Stack>
    );

  return (
    <>
      <PageHeader title="Pet Registrations by Date" subtitle={valid ? formatDate(date) : 'Pets registered on a day'} />
      {!selected ? (
        <Card withBorder radius="md" padding="md" mb="lg">
          <Group align="flex-end" gap="md" wrap="wrap">
            <DateField
              label="Registration date"
              value={date}
              max={todayIn()}
              onChange={changeDate}
              w={{ base: '100%', xs: 200 }}
              autoFocus
            />
            <Button variant="light" onClick={() => changeDate(todayIn())}>
              Today
            </Button>
            <NativeSelect
              label="Species"
              value={species}
              onChange={(e) => setSpecies(e.currentTarget.value)}
              data={[{ value: '', label: 'All Species' }, ...speciesPresent.map((s) => ({ value: s, label: speciesLabel(s) }))]}
              w={{ base: '100%', xs: 200 }}
            />
            {q.data ? (
              <Text size="sm" c="dimmed" aria-live="polite">
                {q.data.length} registered
              </Text>
            ) : null}
          </Group>
        </Card>
      ) : null}
      {body}
    </>
  );
}
