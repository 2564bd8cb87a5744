import { Badge, Box, Button, Card, Group, SimpleGrid, Stack, Title } from '@mantine/core';
import { ageLabel, formatDate, OTHER_BREED, type PetDetails, speciesLabel, todayIn } from '@pawdesk/shared';
import {
  IconCalendarPlus,
  IconEdit,
  IconHistory,
  IconCashBanknote,
  IconId,
  IconPackage,
  IconPrescription,
  IconStethoscope,
  IconUserEdit,
  IconVaccine,
  IconWallet,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { CareWarningBadges } from '../../../components/CareWarningBadges';
import { DnsListBadge, DoNotServePanel } from '../../../components/donotserve';
import { phoneText } from '../../../components/PhoneLink';
import { PetPhotoEditor } from '../../../components/media/PetPhotoEditor';
import { invalidatePetData } from '../api/keys';
import { EditOwnerForm } from './EditOwnerForm';
import { EditPetForm } from './EditPetForm';
import { InfoGrid } from './InfoGrid';
import { InfoTile } from './InfoTile';
import { SubscriptionsHint } from './subscriptions/SubscriptionsHint';

export type PanelName = 'vaccinations' | 'subscriptions' | 'visits' | 'vetHistory' | 'statement' | 'wallet' | 'packages';

/** The panels another screen may open Pet Records on (navigation state `{ petId, panel }`). */
export const LINKABLE_PANELS: readonly PanelName[] = ['statement', 'subscriptions', 'wallet', 'packages'];

export function breedText(pet: { breed: string; customBreed: string | null }): string {
  return pet.breed === OTHER_BREED && pet.customBreed ? `Other (${pet.customBreed})` : pet.breed;
}

/** The right column of Pet Records: details, tiles, actions, owner information and the inline edit forms. */
export function PetDetailsView({
  pet,
  onOpenPanel,
  editing,
  onEdit,
  care,
}: {
  pet: PetDetails;
  onOpenPanel: (p: PanelName) => void;
  editing: 'pet' | 'owner' | null;
  onEdit: (what: 'pet' | 'owner' | null) => void;
  /** The pet's care instructions card (the care feature's, composed by the app shell). */
  care?: ReactNode;
}) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const details: [string, string][] = [
    ['Species', speciesLabel(pet.species)],
    ['Breed', breedText(pet)],
    ['Sex', pet.sex],
    ['Color', pet.color],
  ];
  if (pet.dob) details.push(['Date of birth', formatDate(pet.dob)], ['Age', ageLabel(pet.dob, todayIn())]);
  details.push(['Neutered', pet.neutered ? 'Yes' : 'No'], ['Registered on', formatDate(pet.registrationDate)]);

  const owner: [string, string][] = [
    ['Name', pet.owner.name],
    ['Phone', phoneText(pet.owner.phone)],
    ['Email', pet.owner.email || '—'],
  ];
  if (pet.owner.address) owner.push(['Address', pet.owner.address]);

  return (
    <Stack gap="md">
      <Card withBorder radius="md" padding="lg" component="section" aria-label="Pet details">
        <Group justify="space-between" align="flex-start" mb="md" wrap="wrap">
          <div>
            <Title order={2} fz={22}>
              {pet.name}
            </Title>
            <Group gap={6} mt={4}>
              <Badge variant="light">{speciesLabel(pet.species)}</Badge>
              {pet.segment ? (
                <Badge variant="light" color="grape">
                  {pet.segment}
                </Badge>
              ) : null}
              <DnsListBadge petId={pet._id} ownerId={pet.owner._id} compact={false} />
            </Group>
          </div>
          <Button
            variant={editing === 'pet' ? 'filled' : 'light'}
            leftSection={<IconEdit size={16} />}
            onClick={() => onEdit(editing === 'pet' ? null : 'pet')}
            aria-expanded={editing === 'pet'}
          >
            Edit Pet Details
          </Button>
        </Group>
        <CareWarningBadges warnings={pet.careWarnings} />
        <Box mb="md">
          <PetPhotoEditor pet={pet} onChanged={() => invalidatePetData(qc)} />
        </Box>
        <InfoGrid items={details} cols={3} />

        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" mt="lg">
          {pet.vaccinations.length > 0 ? (
            <InfoTile
              icon={IconVaccine}
              title="Vaccinations"
              hint={`${pet.vaccinations.length} recorded`}
              onClick={() => onOpenPanel('vaccinations')}
            />
          ) : null}
          <InfoTile
            icon={IconId}
            title="Subscriptions"
            hint={<SubscriptionsHint petId={pet._id} />}
            onClick={() => onOpenPanel('subscriptions')}
          />
          <InfoTile
            icon={IconWallet}
            title="Account"
            hint="The owner's statement and balance"
            onClick={() => onOpenPanel('statement')}
          />
          <InfoTile
            icon={IconCashBanknote}
            title="Wallet"
            hint="The owner's prepaid balance, top up"
            onClick={() => onOpenPanel('wallet')}
          />
          <InfoTile
            icon={IconPackage}
            title="Boarding packages"
            hint="Wallet-funded boarding days"
            onClick={() => onOpenPanel('packages')}
          />
        </SimpleGrid>

        <Group gap="sm" mt="lg">
          <Button variant="default" leftSection={<IconHistory size={16} />} onClick={() => onOpenPanel('visits')}>
            View Visits
          </Button>
          <Button variant="default" leftSection={<IconStethoscope size={16} />} onClick={() => onOpenPanel('vetHistory')}>
            View Vet History
          </Button>
          <Button
            variant="light"
            leftSection={<IconPrescription size={16} />}
            onClick={() => navigate('/staff/prescription', { state: { petId: pet._id } })}
          >
            Add Prescription
          </Button>
          <Button
            leftSection={<IconCalendarPlus size={16} />}
            onClick={() => navigate('/staff/nvisit2', { state: { petId: pet._id } })}
          >
            Add Visit
          </Button>
        </Group>
      </Card>
      {care}

      <DoNotServePanel key={`dns-${pet._id}`} subject={{ petId: pet._id }} name={pet.name} />

      {editing === 'pet' ? <EditPetForm key={pet._id} pet={pet} onCancel={() => onEdit(null)} /> : null}

      <Card withBorder radius="md" padding="lg" component="section" aria-label="Owner Information">
        <Group justify="space-between" mb="md" wrap="wrap">
          <Title order={2} fz="lg">
            Owner Information
          </Title>
          <Button
            variant={editing === 'owner' ? 'filled' : 'light'}
            leftSection={<IconUserEdit size={16} />}
            onClick={() => onEdit(editing === 'owner' ? null : 'owner')}
            aria-expanded={editing === 'owner'}
          >
            Edit Owner Details
          </Button>
        </Group>
        <InfoGrid items={owner} cols={2} />
      </Card>

      <DoNotServePanel key={`dns-${pet.owner._id}`} subject={{ ownerId: pet.owner._id }} name={pet.owner.name} />

      {editing === 'owner' ? <EditOwnerForm key={pet.owner._id} owner={pet.owner} onCancel={() => onEdit(null)} /> : null}
    </Stack>
  );
}
