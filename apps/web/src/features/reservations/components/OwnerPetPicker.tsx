import { Badge, Button, Checkbox, Group, Loader, Paper, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { breedLabel, cleanPhone, nameAndPhone, type Owner, type Pet, PET_SEARCH_DEBOUNCE_MS } from '@pawdesk/shared';
import { IconSearch, IconX } from '@tabler/icons-react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { phoneText } from '../../../components/PhoneLink';
import { api, errorMessage } from '../../../lib/api-client';
import { petListQuery } from '../../../lib/endpoints/pets';
import { useDebounced } from '../../../lib/use-debounced';
import { reservationKeys } from '../api/keys';

/** What is typed: digits are the owner's phone (cleaned as Phone fields clean it), anything else a pet's name. */
export function searchTerms(text: string): { name: string; phone: string } {
  const t = text.trim();
  if (t === '') return { name: '', phone: '' };
  if (/^[\d\s+()-]+$/.test(t)) return { name: '', phone: cleanPhone(t) };
  return { name: t, phone: '' };
}

/** The owners of a page of pets, in the order they first appear, each with the pets found. */
export function ownersOf(pets: readonly Pet[]): { owner: Owner; pets: Pet[] }[] {
  const byId = new Map<string, { owner: Owner; pets: Pet[] }>();
  for (const p of pets) {
    const entry = byId.get(p.owner._id) ?? { owner: p.owner, pets: [] };
    entry.pets.push(p);
    byId.set(p.owner._id, entry);
  }
  return [...byId.values()];
}

/** The owner's pets: the pet search by owner (owners imported without a phone have one too, issue 21). */
function useOwnerPets(owner: Owner | null) {
  return useQuery({
    queryKey: reservationKeys.ownerPets(owner?._id ?? ''),
    queryFn: ({ signal }) =>
      api<{ list: Pet[] }>('/pet/getfilteredpetsbynameandphone', {
        query: { ownerId: owner?._id, limit: 50 },
        signal,
      }).then((page) => page.list.filter((p) => p.owner._id === owner?._id)),
    enabled: owner !== null,
  });
}

/**
 * The booking form's first step: find the owner by phone or a pet's name (the Pet Records search), then tick one or
 * more of that owner's pets. A reservation is for one owner's pets only.
 */
export function OwnerPetPicker({
  owner,
  petIds,
  onOwner,
  onPets,
  error,
  disabled,
}: {
  owner: Owner | null;
  petIds: string[];
  onOwner: (owner: Owner | null) => void;
  onPets: (ids: string[]) => void;
  /** The pets field's message (none chosen, a server refusal). */
  error?: string | null;
  disabled?: boolean;
}) {
  const [text, setText] = useState('');
  const terms = searchTerms(useDebounced(text, PET_SEARCH_DEBOUNCE_MS));
  const searching = terms.name !== '' || terms.phone !== '';
  const list = useInfiniteQuery({ ...petListQuery(terms.name, terms.phone), enabled: searching && owner === null });
  const pets = useOwnerPets(owner);
  const resultsId = useId();

  if (owner) {
    return (
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" align="flex-start" gap="xs">
          <div>
            <Text size="sm" c="dimmed">
              Owner
            </Text>
            <Text fw={600} data-testid="reservation-owner">
              {nameAndPhone(owner.name, owner.phone, ' · ')}
            </Text>
          </div>
          <Button
            size="xs"
            variant="subtle"
            leftSection={<IconX size={14} />}
            onClick={() => {
              onOwner(null);
              onPets([]);
            }}
            disabled={disabled}
          >
            Change owner
          </Button>
        </Group>
        {pets.isPending ? (
          <Loader size="sm" aria-label="Loading the owner's pets" />
        ) : pets.isError ? (
          <Group gap="xs">
            <Text size="sm" c="red.8" role="alert">
              Could not load the owner's pets: {errorMessage(pets.error)}
            </Text>
            <Button size="compact-xs" variant="light" color="red" onClick={() => void pets.refetch()}>
              Try Again
            </Button>
          </Group>
        ) : (
          <Checkbox.Group label="Pets" value={petIds} onChange={onPets} error={error} withAsterisk>
            <Stack gap={6} mt={6}>
              {(pets.data ?? []).map((p) => (
                <Checkbox
                  key={p._id}
                  value={p._id}
                  disabled={disabled}
                  label={
                    <span>
                      <b>{p.name}</b>{' '}
                      <Text span size="xs" c="dimmed">
                        {breedLabel(p)}
                      </Text>
                    </span>
                  }
                />
              ))}
              {pets.data?.length === 0 ? (
                <Text size="sm" c="dimmed">
                  This owner has no pets on file.
                </Text>
              ) : null}
            </Stack>
          </Checkbox.Group>
        )}
      </Stack>
    );
  }

  const owners = ownersOf(list.data?.pages.flatMap((p) => p.list) ?? []);
  return (
    <Stack gap="xs">
      <TextInput
        label="Find the owner"
        description="Owner's phone number or a pet's name"
        placeholder="e.g. 98123 or Bruno"
        leftSection={<IconSearch size={16} />}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        error={error}
        withAsterisk
        type="search"
        autoComplete="off"
        aria-controls={resultsId}
        data-autofocus
        disabled={disabled}
      />
      <div id={resultsId} aria-live="polite">
        {!searching ? null : list.isPending ? (
          <Loader size="sm" aria-label="Searching" />
        ) : list.isError ? (
          <Group gap="xs">
            <Text size="sm" c="red.8" role="alert">
              {errorMessage(list.error)}
            </Text>
            <Button size="compact-xs" variant="light" color="red" onClick={() => void list.refetch()}>
              Try Again
            </Button>
          </Group>
        ) : owners.length === 0 ? (
          <Text size="sm" c="dimmed">
            No owner matches. Try the first digits of the phone or part of a pet's name.
          </Text>
        ) : (
          <Stack gap={6} role="list" aria-label="Owners found">
            {owners.slice(0, 8).map(({ owner: o, pets: found }) => (
              <Paper key={o._id} withBorder radius="md" role="listitem">
                <UnstyledButton
                  w="100%"
                  p="xs"
                  onClick={() => onOwner(o)}
                  aria-label={`Choose ${nameAndPhone(o.name, o.phone)}`}
                  data-testid="owner-result"
                >
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    <div style={{ minWidth: 0 }}>
                      <Text size="sm" fw={600} truncate>
                        {o.name}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {phoneText(o.phone)}
                      </Text>
                    </div>
                    <Group gap={4} justify="flex-end">
                      {found.map((p) => (
                        <Badge key={p._id} variant="light" size="sm">
                          {p.name}
                        </Badge>
                      ))}
                    </Group>
                  </Group>
                </UnstyledButton>
              </Paper>
            ))}
          </Stack>
        )}
      </div>
    </Stack>
  );
}
