import { describe, expect, it } from 'vitest';
import { appointment } from '../test/kit';
import { upcomingOf } from './upcoming';

describe('the dashboard’s upcoming appointments', () => {
  it('the next few that are not final, soonest first', () => {
    const list = [
      appointment({ _id: 'a', appointmentDate: '2026-12-05', appointmentTime: '10:00' }),
      appointment({ _id: 'b', appointmentDate: '2026-12-01', appointmentTime: '14:00', status: 'confirmed' }),
      appointment({ _id: 'c', appointmentDate: '2026-12-01', appointmentTime: '09:30', status: 'cancelled' }),
      appointment({ _id: 'd', appointmentDate: '2026-12-01', appointmentTime: '09:00' }),
      appointment({ _id: 'e', appointmentDate: '2026-11-30', appointmentTime: '09:00', status: 'completed' }),
      appointment({ _id: 'f', appointmentDate: '2026-12-09', appointmentTime: '09:00' }),
    ];
    expect(upcomingOf(list).map((a) => a._id)).toEqual(['d', 'b', 'a']);
    expect(upcomingOf(list, 10).map((a) => a._id)).toEqual(['d', 'b', 'a', 'f']);
  });
});
