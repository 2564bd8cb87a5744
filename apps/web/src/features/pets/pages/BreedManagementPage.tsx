import { Badge, Button, Card, Group, NativeSelect, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { ageLabel, filterBreedsFor, type Pet, SPECIES, speciesLabel, todayIn } from '@pawdesk/shared';
import { IconFilterOff } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { PageHeader } from '../../../components/PageHeader';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { errorMessage } from '../../../lib/api-client';
import { usePetsByBreed } from '../api/get-pets-filtered';
import { breedText } from '../components/PetDetailsView';
import { LoadMore } from '../../../components/LoadMore';

function PetCard({ pet, today }: { pet: Pet; today: string }) {
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={pet.name}>
      <Group justify="space-between" wrap="nowrap" mb={6}>
        <Title order={3} fz="md" lineClamp={1}>
          {pet.name}
        </Title>
        <Badge variant="light">{speciesLabel(pet.species)}</Badge>
      </Group>
      <Stack gap={2}>
        <Text size="sm">
          <Text span c="dimmed">
            Breed:{' '}
          </Text>
          {breedText(pet)}
        </Text>
        <Text size="sm">
          <Text span c="dimmed">
            Sex:{' '}
          </Text>
          {pet.sex}
        </Text>
        <Text size="sm">
          <Text span c="dimmed">
            Age:{' '}
          </Text>
          {ageLabel(pet.dob, today)}
        </Text>
        <Text size="sm">
          <Text span c="dimmed">
            Owner:{' '}
          </Text>
          {pet.owner.name}
        </Text>
      </Stack>
    </Card>
  );
}

/** Pet Breed Management (/staff/BreedManagement): filter pets by species and breed (spec 000 §2). */
export default function BreedManagementPage() {
  const [species, setSpecies] = useState('');
  const [breed, setBreed] = useState('');
  const q = usePetsByBreed(species, breed);
  const pets = q.data?.pages.flatMap((p) => p.pets) ?? [];
  const breeds = filterBreedsFor(species);
  const today = todayIn();

  let body: ReactNode;
  if (q.isPending || (q.isPlaceholderData && q.isFetching)) body = <LoadingState label="Loading pets..." />;
  else if (q.isError)
    body = <ErrorState title="Could not load pets" message={errorMessage(q.error)} onRetry={() => void q.refetch()} />;
  else if (pets.length === 0)
    body = <EmptyState title="No pets found with the selected criteria" hint="Try adjusting your filter selections" />;
  else
    body = (
      <Stack>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="md" aria-label="Pets">
          {pets.map((p) => (
            <PetCard key={p._id} pet={p} today={today} />
          ))}
        </SimpleGrid>
        <LoadMore q={q} label="Load more pets" />
      </Stack>
    );

  return (
    <>
      <PageHeader title="Pet Breed Management" subtitle="Filter and manage pets by species and breed" />
      <Card withBorder radius="md" padding="md" mb="lg">
        <Group align="flex-end" gap="md" wrap="wrap">
          <NativeSelect
            label="Species"
            w={{ base: '100%', xs: 220 }}
            autoFocus
            value={species}
            onChange={(e) => {
              setSpecies(e.currentTarget.value);
              setBreed('');
            }}
            data={[{ value: '', label: 'All species' }, ...SPECIES.map((s) => ({ value: s, label: speciesLabel(s) }))]}
          />
          <NativeSelect
            label="Breed"
            w={{ base: '100%', xs: 240 }}
            disabled={!species}
            value={breed}
            onChange={(e) => setBreed(e.currentTarget.value)}
            data={[{ value: '', label: species ? 'All breeds' : 'Choose a species first' }, ...breeds]}
          />
          {species || breed ? (
            <Button
              variant="subtle"
              leftSection={<IconFilterOff size={16} />}
              onClick={() => {
                setSpecies('');
                setBreed('');
              }}
            >
              Clear filters
            </Button>
          ) : null}
        </Group>
      </Card>
      {body}
    </>
  );
}
