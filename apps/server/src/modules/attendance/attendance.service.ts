import { ATTENDANCE_SAVED, type AttendanceEntry, type UpdateAttendanceBody } from '@pawdesk/shared';
import type { DbOrTx } from '../../db/client.ts';
import type { AppContext } from '../../lib/context.ts';
import { type FollowUpView, followUpsOn, markAttendance } from '../followups/followups.service.ts';

function toEntry(f: FollowUpView): AttendanceEntry {
  return {
    _id: f.id,
    present: f.present === true,
    marked: f.present !== null,
    purpose: f.purpose,
    time: f.time,
    date: f.date,
    petId: {
      _id: f.petId,
      name: f.petName,
      species: f.species,
      owner: { _id: f.ownerId, name: f.ownerName, phone: f.ownerPhone, email: f.ownerEmail },
    },
  };
}

/** The follow-ups scheduled on a day, as the attendance sheet reads them. */
export async function attendanceList(db: DbOrTx, date: string): Promise<AttendanceEntry[]> {
  return (await followUpsOn(db, date)).map(toEntry);
}

/** Records present and absent ids for a day in one transaction and answers the day's list. */
export async function updateAttendance(ctx: AppContext, body: Required<UpdateAttendanceBody>, userId: string) {
  const list = await ctx.db.transaction(async (tx) => {
    await markAttendance(tx, { ...body, markedBy: userId });
    return attendanceList(tx, body.date);
  });
  return { list, message: ATTENDANCE_SAVED };
}
