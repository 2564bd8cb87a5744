import { Stack, Text } from '@mantine/core';
import type { PetDetails } from '@pawdesk/shared';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { LoadMore } from '../../../../components/LoadMore';
import { VisitDetailDialog } from '../../../../components/visit-details/VisitDetailDialog';
import { serverAnswered } from '../../../../lib/api-client';
import { ownerStatementQuery, type StatementEntry } from '../../../../lib/endpoints/payments';
import { visitListQuery } from '../../../../lib/endpoints/visit-list';
import { usePetVisits } from '../../api/get-pet-panels';
import { CancelRefundDialog, type VisitRef } from '../../../../components/refunds/CancelRefundDialog';
import { type VoidTarget, VoidVisitDialog } from '../../../../components/refunds/VoidVisitDialog';
import { type ListedVisit, VisitItem, visitLabel } from './VisitItem';
import { Panel, PanelList } from './Panel';
import { itemText } from '../VisitHistoryList';

const NO_ENTRIES: readonly StatementEntry[] = [];
const NO_LINES: readonly string[] = [];

/**
 * What each visit sold ('Item: {name} (x{quantity})' lines), from the Visit History search for the pet, by visit id;
 * its pages follow the visit list's as it loads more.
 */
function useVisitLines(petId: string, shown: number): Map<string, string[]> {
  const q = useInfiniteQuery({ ...visitListQuery({ petId }, 50), retry: false });
  const rows = q.data?.pages.flatMap((p) => p.List) ?? [];
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = q;
  useEffect(() => {
    if (rows.length < shown && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [rows.length, shown, hasNextPage, isFetchingNextPage, fetchNextPage]);
  return new Map(rows.map((r) => [r._id, [...r.details.vaccines, ...r.details.medicines, ...r.details.items].map(itemText)]));
}

/** The statement's rows of each visit's sale, by visit id. */
function entriesByVisit(entries: readonly StatementEntry[] | undefined): Map<string, StatementEntry[]> {
  const out = new Map<string, StatementEntry[]>();
  for (const e of entries ?? []) {
    if (!e.visitId) continue;
    const list = out.get(e.visitId) ?? [];
    list.push(e);
    out.set(e.visitId, list);
  }
  return out;
}

export function VisitsPanel({ pet, onBack }: { pet: PetDetails; onBack: () => void }) {
  const q = usePetVisits(pet._id);
  const visits: ListedVisit[] = q.data?.pages.flatMap((p) => p.List) ?? [];
  // Refunds, credits and money moved of each visit come from the owner's statement; the list shows without them if it fails.
  const statement = useQuery({ ...ownerStatementQuery(pet.owner._id), retry: false });
  const byVisit = entriesByVisit(statement.data?.entries);
  const lines = useVisitLines(pet._id, visits.length);
  const [cancelling, setCancelling] = useState<VisitRef | null>(null);
  const [voiding, setVoiding] = useState<VoidTarget | null>(null);
  const [opened, setOpened] = useState<{ id: string; purpose: string } | null>(null);
  // The visit a dialog acted on keeps the focus when the button that opened it is gone (cancelled, voided).
  const [actedOn, setActedOn] = useState<string | null>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const focusVisit = (id: string) => listRef.current?.querySelector<HTMLElement>(`[data-visit-id="${id}"]`)?.focus();
  useEffect(() => {
    if (!actedOn || cancelling || voiding) return;
    const lost = !document.activeElement || document.activeElement === document.body;
    if (lost) focusVisit(actedOn);
  });
  // Once a dialog has gone, the focus goes back to the button that opened it while it is still there (a dialog
  // closed with Escape or Cancel), else to the visit (issue 22: Mantine's own return aimed inside the dialog, and
  // the focus fell to the page).
  const opener = useRef<HTMLElement | null>(null);
  const openedFrom = (visitId: string) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setActedOn(visitId);
  };
  const dialogClosed = () => {
    const el = opener.current;
    opener.current = null;
    if (el?.isConnected) el.focus();
    else if (actedOn) focusVisit(actedOn);
  };

  return (
    <Panel title="Visits" petName={pet.name} onBack={onBack}>
      <PanelList
        q={q}
        loading="Loading visits..."
        errorTitle="Could not load visits"
        failed="Failed to fetch visits"
        empty="No visits found"
        isEmpty={visits.length === 0}
      >
        <Stack gap="sm">
          {statement.isError && serverAnswered(statement.error) && statement.error.status !== 404 ? (
            <Text size="sm" c="dimmed" role="status">
              Refunds could not be loaded: {statement.error.message}
            </Text>
          ) : null}
          <Stack component="ul" ref={listRef} gap="sm" m={0} p={0} aria-label="Visits">
            {visits.map((v) => (
              <VisitItem
                key={v._id}
                visit={v}
                entries={byVisit.get(v._id) ?? NO_ENTRIES}
                lines={lines.get(v._id) ?? NO_LINES}
                onCancel={() => {
                  openedFrom(v._id);
                  setCancelling({ _id: v._id, label: visitLabel(v) });
                }}
                onOpen={() => setOpened({ id: v._id, purpose: v.visitType.purpose || v.purpose })}
                onVoid={() => {
                  openedFrom(v._id);
                  setVoiding({ _id: v._id, label: visitLabel(v), paid: v.details.payment.amount });
                }}
              />
            ))}
          </Stack>
          <LoadMore q={q} label="Load more visits" />
        </Stack>
      </PanelList>
      <CancelRefundDialog visit={cancelling} onClose={() => setCancelling(null)} onClosed={dialogClosed} />
      <VoidVisitDialog visit={voiding} onClose={() => setVoiding(null)} onClosed={dialogClosed} />
      <VisitDetailDialog visitId={opened?.id ?? null} purpose={opened?.purpose} onClose={() => setOpened(null)} />
    </Panel>
  );
}
