import { Button, Card, Grid, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { PET_SEARCH_DEBOUNCE_MS } from '@pawdesk/shared';
import { IconPaw, IconPhone, IconPlus, IconSearch } from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { PetList } from '../../../components/PetList';
import { PhoneField } from '../../../components/PhoneField';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { errorMessage } from '../../../lib/api-client';
import { useDebounced } from '../../../lib/use-debounced';
import { usePetDetails } from '../api/get-pet';
import { usePetList } from '../api/get-pets';
import { LINKABLE_PANELS, PetDetailsView, type PanelName } from '../components/PetDetailsView';
import { PackagesPanel } from '../components/panels/PackagesPanel';
import { StatementPanel } from '../components/panels/StatementPanel';
import { SubscriptionsPanel } from '../components/panels/SubscriptionsPanel';
import { VaccinationsPanel } from '../components/panels/VaccinationsPanel';
import { VetHistoryPanel } from '../components/panels/VetHistoryPanel';
import { VisitsPanel } from '../components/panels/VisitsPanel';
import { WalletPanel } from '../components/panels/WalletPanel';
import classes from '../components/pets.module.css';
import { ShortcutKey } from '../../../components/ShortcutKey';

/**
 * Pet Records (/staff/history): search, the All Pets list and the selected pet's details (spec 000 §2).
 * What other features add, composed in app/pages (issue 20): `careSection`, the pet's care instructions inside its
 * details; `petSections`, below the details (the pet's incidents).
 */
export default function PetRecordsPage({
  careSection,
  petSections,
}: {
  careSection?: (petId: string) => ReactNode;
  petSections?: (petId: string) => ReactNode;
} = {}) {
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const debouncedName = useDebounced(name, PET_SEARCH_DEBOUNCE_MS);
  const debouncedPhone = useDebounced(phone, PET_SEARCH_DEBOUNCE_MS);
  const list = usePetList(debouncedName, debouncedPhone);
  const pets = list.data?.pages.flatMap((p) => p.list) ?? [];

  // Add Pet and Add Prescription land here with their pet selected (navigation state `{ petId }`); its details load
  // by id, whether or not it is on the list's first page.
  // A staff notification about money lands here with the owner's statement open (`{ petId, panel: 'statement' }`);
  // the dashboard's Expiring soon, and notices about wallets and packages, with their panel open.
  const arrived = useLocation().state as { petId?: unknown; panel?: unknown } | null;
  const arrivedWith = arrived?.petId;
  const [selectedId, setSelectedId] = useState<string | null>(typeof arrivedWith === 'string' ? arrivedWith : null);
  const [panel, setPanel] = useState<PanelName | null>(
    typeof arrivedWith === 'string' && LINKABLE_PANELS.includes(arrived?.panel as PanelName)
      ? (arrived?.panel as PanelName)
      : null,
  );
  const [editing, setEditing] = useState<'pet' | 'owner' | null>(null);
  const details = usePetDetails(selectedId);
  const detailsRef = useRef<HTMLDivElement>(null);
  const nameRef = useRef<HTMLInputElement>(null);

  // '/' jumps to the pet name search from anywhere on the page.
  useHotkeys([['/', () => nameRef.current?.focus()]]);

  const select = (id: string) => {
    setSelectedId(id);
    setPanel(null);
    setEditing(null);
  };
  // On a phone the details sit below the list: bring them into view when a pet is chosen.
  useEffect(() => {
    if (selectedId && window.matchMedia('(max-width: 61.99em)').matches) {
      detailsRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    }
  }, [selectedId]);

  const searching = debouncedName.trim() !== '' || debouncedPhone !== '';
  const pending = name !== debouncedName || phone !== debouncedPhone;

  let listBody: ReactNode;
  if (list.isPending) listBody = <LoadingState label="Loading pets..." />;
  else if (list.isError)
    listBody = <ErrorState title="Could not load pets" message={errorMessage(list.error)} onRetry={() => void list.refetch()} />;
  else if (pets.length === 0)
    listBody = (
      <EmptyState
        title={searching ? 'No pets match your search' : 'No pets registered yet'}
        hint={searching ? 'Try part of the name or the first digits of the phone number' : undefined}
        action={
          <Button size="xs" variant="light" onClick={() => navigate('/staff/pet')}>
            Add Pet
          </Button>
        }
      />
    );
  else
    listBody = (
      <PetList
        label="All Pets"
        pets={pets}
        selectedId={selectedId}
        onSelect={select}
        hasNextPage={list.hasNextPage}
        isFetchingNextPage={list.isFetchingNextPage}
        fetchNextPage={() => void list.fetchNextPage()}
      />
    );

  let detailsBody: ReactNode;
  if (!selectedId)
    detailsBody = (
      <Card withBorder radius="md" padding="xl">
        <EmptyState title="Select a pet to view details" icon={<IconPaw size={26} />} />
      </Card>
    );
  else if (details.isPending) detailsBody = <LoadingState label="Loading pet details..." />;
  // A failed refetch keeps what is shown (an open edit form keeps its input); the error shows only with nothing to show.
  else if (!details.data)
    detailsBody = (
      <ErrorState
        title="Could not load the pet"
        message={errorMessage(details.error, 'Failed to load pet details')}
        onRetry={() => void details.refetch()}
      />
    );
  else {
    const pet = details.data;
    const back = () => setPanel(null);
    detailsBody =
      panel === 'vaccinations' ? (
        <VaccinationsPanel pet={pet} onBack={back} />
      ) : panel === 'subscriptions' ? (
        <SubscriptionsPanel pet={pet} onBack={back} />
      ) : panel === 'visits' ? (
        <VisitsPanel pet={pet} onBack={back} />
      ) : panel === 'vetHistory' ? (
        <VetHistoryPanel pet={pet} onBack={back} />
      ) : panel === 'statement' ? (
        <StatementPanel pet={pet} onBack={back} />
      ) : panel === 'wallet' ? (
        <WalletPanel pet={pet} onBack={back} />
      ) : panel === 'packages' ? (
        <PackagesPanel pet={pet} onBack={back} />
      ) : (
        <>
          <PetDetailsView pet={pet} onOpenPanel={setPanel} editing={editing} onEdit={setEditing} care={careSection?.(pet._id)} />
          {petSections?.(pet._id)}
        </>
      );
  }

  return (
    <>
      <PageHeader
        title="Pet Records"
        subtitle="Find a pet by name or owner phone, see its details, visits and history"
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => navigate('/staff/pet')}>
            Add Pet
          </Button>
        }
      />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="sm">
            <TextInput
              ref={nameRef}
              label="Pet name"
              placeholder="Search by pet name"
              leftSection={<IconSearch size={16} />}
              rightSection={<ShortcutKey keys="/" />}
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              autoFocus
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
            <Group justify="space-between" mt={4}>
              <Title order={2} fz="md">
                All Pets
              </Title>
              <Text size="xs" c="dimmed" aria-live="polite">
                {pending || (list.isFetching && !list.isFetchingNextPage)
                  ? 'Searching...'
                  : pets.length
                    ? `${pets.length}${list.hasNextPage ? '+' : ''} shown`
                    : ''}
              </Text>
            </Group>
            {listBody}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <div ref={detailsRef} className={classes.sticky} style={{ scrollMarginTop: 72 }}>
            {detailsBody}
          </div>
        </Grid.Col>
      </Grid>
    </>
  );
}
