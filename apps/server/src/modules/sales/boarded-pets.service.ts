import {
  type BoardedPetRow,
  type BoardedPetsResponse,
  type BoardingDetailsResponse,
  type InHouseCountsResponse,
  ledgerBalance,
  toRupees,
} from '@pawdesk/shared';
import { entriesBySubject } from '../payments/payments.service.ts';
import type { AppContext } from '../../lib/context.ts';
import { decodeKeyset, encodeKeyset } from '../../lib/cursor.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { type PetWithOwner, petsWithOwnersByIds } from '../pets/pet-lookups.service.ts';
import { careWarningsByPet } from '../pets/pet-care-warnings.service.ts';
import { BOARDING_CODES, visitTypeById } from '../visit-types/visit-types.service.ts';
import { type BoardedCursor, countBoardedByType, pageBoardingsOfType } from '../boarding/stay-records.service.ts';
import { servicesDueOfStays } from './stay-bill.service.ts';
import { loadStay, quoteToApi, stayBillDues } from './stay.service.ts';

/** The Deboard screen's reads: a category's boardings (GET /pet/getboardedpetslist) and one stay's details. */

/** Without `limit` (the existing client never pages) the list answers up to this many rows. */
export const BOARDED_LIST_UNPAGED_MAX = 500;

const KEY_RE = /^[01]\|\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}$/;

function decode(cursor: string | undefined): BoardedCursor | undefined {
  if (!cursor) return undefined;
  const { key, id } = decodeKeyset(cursor, (k) => KEY_RE.test(k));
  return { boarded: key[0] === '1' ? 1 : 0, ts: key.slice(2), id };
}

const NOT_BOARDING = 'This visit type is not a boarding category';

export async function boardedPets(
  ctx: AppContext,
  q: { type: string; limit?: number; cursor?: string },
): Promise<BoardedPetsResponse> {
  const after = decode(q.cursor);
  const type = await visitTypeById(ctx.db, q.type);
  if (!type) throw notFound('Visit type');
  if (!(BOARDING_CODES as readonly string[]).includes(type.code)) throw badRequest(NOT_BOARDING, { type: NOT_BOARDING });
  const limit = q.limit ?? BOARDED_LIST_UNPAGED_MAX;
  const rows = await pageBoardingsOfType(ctx.db, type.id, limit, after);
  const pageRows = rows.slice(0, limit);
  const last = pageRows.at(-1);
  const nextCursor =
    rows.length > limit && last ? encodeKeyset(`${last.row.isBoarded ? 1 : 0}|${last.cursorTs}`, last.row.id) : null;
  const pets = await petsWithOwnersByIds(
    ctx.db,
    pageRows.map((r) => r.row.petId),
  );
  const warnings = await careWarningsByPet(
    ctx.db,
    pageRows.map((r) => r.row.petId),
  );
  const boardingType = { _id: type.id, purpose: type.purpose, code: type.code };
  const boardedPetList = pageRows.map(({ row }): BoardedPetRow => {
    const pet = pets.get(row.petId);
    return {
      _id: row.id,
      isBoarded: row.isBoarded,
      entryTime: row.entryTime.toISOString(),
      exitTime: row.exitTime ? row.exitTime.toISOString() : null,
      numberOfDays: row.numberOfDays,
      petId: { ...petOf(row.petId, pet), careWarnings: warnings.get(row.petId) ?? [] },
      boardingType,
    };
  });
  // Pawdesk's paged screen shows what each stay's bill owes: a stay in house as of now (its quote: extra days not
  // posted yet count), a finished one from the ledger alone (its stay's and its services' accounts, read in batches).
  // Both in a fixed number of queries whatever the page's size (stayBillDues: each in-house stay's loadStay due).
  if (q.limit !== undefined) {
    const finished = pageRows.filter((r) => !r.row.isBoarded).map((r) => r.row.id);
    const [dues, inHouse] = await Promise.all([
      finishedBillDues(ctx, finished),
      stayBillDues(
        ctx,
        ctx.db,
        pageRows.filter((r) => r.row.isBoarded).map((r) => r.row),
      ),
    ]);
    for (const r of boardedPetList) r.due = toRupees((r.isBoarded ? inHouse.get(r._id) : dues.get(r._id)) ?? 0);
  }
  return { success: true as const, boardedPetList, nextCursor };
}

/** What the bills of finished stays still owe (paise): each stay's account and the services on its bill. */
async function finishedBillDues(ctx: AppContext, boardingIds: string[]): Promise<Map<string, number>> {
  const dues = new Map<string, number>();
  if (boardingIds.length === 0) return dues;
  const [stays, services] = await Promise.all([
    entriesBySubject(ctx.db, 'boardingId', boardingIds),
    servicesDueOfStays(ctx.db, boardingIds),
  ]);
  for (const id of boardingIds) dues.set(id, ledgerBalance(stays.get(id) ?? []).duePaise + (services.get(id) ?? 0));
  return dues;
}

/** GET /boarding/inhousecounts: pets boarded now per boarding type. */
export async function inHouseCounts(ctx: AppContext): Promise<InHouseCountsResponse> {
  const rows = await countBoardedByType(ctx.db);
  return { success: true as const, counts: rows.map((r) => ({ _id: r.visitTypeId, inHouse: r.n })) };
}

const petOf = (id: string, pet: PetWithOwner | undefined) => ({
  _id: id,
  name: pet?.name ?? '',
  owner: { _id: pet?.owner.id ?? '', name: pet?.owner.name ?? '', phone: pet?.owner.phone ?? null },
  photo: pet?.photo ?? null,
});

/** POST /boarding/getboardingdetails: the stay, its visit's money and the quote (a closed stay: as of its exit). */
export async function boardingDetails(ctx: AppContext, id: string): Promise<BoardingDetailsResponse> {
  const stay = await loadStay(ctx, ctx.db, id);
  const b = stay.boarding;
  const pet = (await petsWithOwnersByIds(ctx.db, [b.petId])).get(b.petId);
  const q = stay.quote;
  // What the ledger says is owed now (the extra days not yet posted are in the quote's `due`).
  const ledgerDue = toRupees(Math.max(0, q.duePaise - q.unpostedPaise));
  return {
    success: true as const,
    boardingDetails: {
      _id: b.id,
      entryTime: b.entryTime.toISOString(),
      exitTime: b.exitTime ? b.exitTime.toISOString() : null,
      numberOfDays: b.numberOfDays,
      isBoarded: b.isBoarded,
      petId: b.petId,
      pet: {
        _id: b.petId,
        name: pet?.name ?? '',
        owner: { name: pet?.owner.name ?? '', phone: pet?.owner.phone ?? null },
        photo: pet?.photo ?? null,
      },
      boardingType: {
        _id: stay.type.id,
        price: toRupees(stay.type.pricePaise),
        purpose: stay.type.purpose,
        code: stay.type.code,
      },
      visitId: stay.visit
        ? {
            _id: stay.visit.id,
            details: {
              paymentLeft: ledgerDue,
              finalPrice: toRupees(stay.visit.pricePaise),
              isSubscriptionAvailed: stay.visit.isSubscriptionAvailed,
              payment: { remainingAmount: ledgerDue, isRemainingPaid: ledgerDue === 0 },
            },
          }
        : null,
      admission: b.admissionAckAt
        ? {
            missing: b.admissionMissing ?? [],
            by: b.admissionAckBy,
            at: b.admissionAckAt.toISOString(),
            via: b.admissionAckVia === 'existing_client' ? ('existing_client' as const) : null,
          }
        : null,
    },
    actualnumberOfDays: q.actualDays,
    deboard: quoteToApi(stay),
  };
}
