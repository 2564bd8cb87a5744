import { Button, Card, Grid, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { breedLabel, isId, nameAndPhone, PET_SEARCH_DEBOUNCE_MS } from '@pawdesk/shared';
import { IconArrowLeft, IconPaw, IconPhone, IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { PetList } from '../../../components/PetList';
import { PhoneField } from '../../../components/PhoneField';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { errorMessage } from '../../../lib/api-client';
import { petDetailsQuery, petListQuery } from '../../../lib/endpoints/pets';
import { useDebounced } from '../../../lib/use-debounced';
import { VisitSearch } from '../components/VisitSearch';

/** The pet picker of Pet Records: name and phone search (1 s debounce) over the All Pets list. */
function PetPicker({ selectedId, onSelect }: { selectedId: string | null; onSelect: (id: string) => void }) {
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const debouncedName = useDebounced(name, PET_SEARCH_DEBOUNCE_MS);
  const debouncedPhone = useDebounced(phone, PET_SEARCH_DEBOUNCE_MS);
  const list = useInfiniteQuery({ ...petListQuery(debouncedName, debouncedPhone), placeholderData: keepPreviousData });
  const pets = list.data?.pages.flatMap((p) => p.list) ?? [];

  let body: ReactNode;
  if (list.isPending) body = <LoadingState label="Loading pets..." />;
  else if (list.isError)
    body = <ErrorState title="Could not load pets" message={errorMessage(list.error)} onRetry={() => void list.refetch()} />;
  else if (pets.length === 0) body = <EmptyState title="No pets match your search" />;
  else
    body = (
      <PetList
        label="Pets"
        pets={pets}
        selectedId={selectedId}
        onSelect={onSelect}
        hasNextPage={list.hasNextPage}
        isFetchingNextPage={list.isFetchingNextPage}
        fetchNextPage={() => void list.fetchNextPage()}
        maxHeight="min(60vh, 640px)"
      />
    );

  return (
    <Stack gap="sm">
      <TextInput
        label="Pet name"
        placeholder="Search by pet name"
        leftSection={<IconSearch size={16} />}
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
        autoFocus={!selectedId}
        autoComplete="off"
        type="search"
      />
      <PhoneField
        label="Phone No."
        placeholder="Owner phone (first digits)"
        leftSection={<IconPhone size={16} />}
        value={phone}
        onChange={(e) => setPhone(e.currentTarget.value)}
        autoComplete="off"
        type="search"
      />
      {body}
    </Stack>
  );
}

/** The chosen pet above its visits: name, breed and owner. */
function ChosenPet({ petId, onChange }: { petId: string; onChange: () => void }) {
  const pet = useQuery(petDetailsQuery(petId));
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label="Chosen pet">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <div style={{ minWidth: 0 }}>
          {pet.data ? (
            <>
              <Title order={2} fz="lg">
                {pet.data.name}
              </Title>
              <Text size="sm" c="dimmed">
                {breedLabel(pet.data)} - Owner: {nameAndPhone(pet.data.owner.name, pet.data.owner.phone, ' · ')}
              </Text>
            </>
          ) : pet.isError ? (
            <Text c="red.8" role="alert">
              {errorMessage(pet.error, 'Could not load the pet')}
            </Text>
          ) : (
            <Text c="dimmed">Loading pet...</Text>
          )}
        </div>
        <Button variant="default" size="xs" leftSection={<IconArrowLeft size={14} />} onClick={onChange} hiddenFrom="md">
          Choose another pet
        </Button>
      </Group>
    </Card>
  );
}

/** /staff/salesSection (spec 000 §2; issue 17): choose a pet, then the Visit History search of that pet's visits. */
export default function SalesSectionPage() {
  const [params, setParams] = useSearchParams();
  const param = params.get('pet');
  const petId = param && isId(param) ? param : null;
  const resultsRef = useRef<HTMLDivElement>(null);
  const [picking, setPicking] = useState(petId === null);

  const choose = (id: string) => {
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.set('pet', id);
        return next;
      },
      { replace: false },
    );
    setPicking(false);
  };
  // On a phone the visits sit below the picker: bring them into view when a pet is chosen.
  useEffect(() => {
    if (petId && window.matchMedia('(max-width: 61.99em)').matches)
      resultsRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [petId]);

  return (
    <>
      <PageHeader title="Visits by Pet" subtitle="Choose a pet to search its visits" />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 4 }} display={{ base: picking || !petId ? 'block' : 'none', md: 'block' }}>
          <PetPicker selectedId={petId} onSelect={choose} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <div ref={resultsRef} style={{ scrollMarginTop: 72 }}>
            {petId ? (
              <Stack gap="md">
                <ChosenPet petId={petId} onChange={() => setPicking(true)} />
                <VisitSearch key={petId} petId={petId} />
              </Stack>
            ) : (
              <Card withBorder radius="md" padding="xl">
                <EmptyState title="Select a pet to view its visits" icon={<IconPaw size={26} />} />
              </Card>
            )}
          </div>
        </Grid.Col>
      </Grid>
    </>
  );
}
