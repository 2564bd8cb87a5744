import { Button, Tabs } from '@mantine/core';
import { DEFAULT_TZ, isIsoDate, todayIn } from '@pawdesk/shared';
import { IconCalendarEvent, IconCalendarPlus, IconDoorEnter } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { ErrorState, LoadingState } from '../../../components/states';
import { serverMessage } from '../../../lib/api-client';
import { dayQuery, useBoardingTypes } from '../api/reservations';
import { BookingModal } from '../components/BookingModal';
import { type CalendarState, CalendarView } from '../components/CalendarView';
import type { CalendarView as View } from '../components/dates';
import { DayLists } from '../components/DayLists';
import { DetailModal } from '../components/DetailModal';

type Tab = 'day' | 'calendar';

/**
 * Reservations (/staff/reservations, issue 18): a day's arrivals and departures (any date, default today) with what
 * each owner still owes and the desk's actions; the calendar per boarding type (week or month); the booking form;
 * a reservation's details. What is shown (tab, day, view, type) is kept in the address, so Back and a reload keep it.
 */
export default function ReservationsPage() {
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'calendar' ? 'calendar' : 'day';
  const dateParam = params.get('date');
  const date = isIsoDate(dateParam) ? dateParam : undefined;
  const day = useQuery(dayQuery(date));
  const today = day.data?.today;
  // The booking form counts from the server's today; when the day lists cannot load, from today here.
  const bookingToday = today ?? (day.isError ? todayIn(DEFAULT_TZ) : undefined);
  const types = useBoardingTypes();
  const [booking, setBooking] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);

  const update = (changes: Record<string, string | undefined>) =>
    setParams(
      (old) => {
        const next = new URLSearchParams(old);
        for (const [k, v] of Object.entries(changes)) {
          if (v === undefined) next.delete(k);
          else next.set(k, v);
        }
        return next;
      },
      { replace: true },
    );

  const anchorParam = params.get('anchor');
  const calendar: CalendarState = {
    view: params.get('view') === 'month' ? 'month' : 'week',
    anchor: isIsoDate(anchorParam) ? anchorParam : (date ?? today ?? todayIn(DEFAULT_TZ)),
    typeId: params.get('type'),
    showInactive: params.get('all') === '1',
  };
  const onCalendar = (s: Partial<CalendarState>) =>
    update({
      ...(s.view ? { view: s.view as View } : {}),
      ...(s.anchor ? { anchor: s.anchor } : {}),
      ...(s.typeId ? { type: s.typeId } : {}),
      ...(s.showInactive !== undefined ? { all: s.showInactive ? '1' : undefined } : {}),
    });

  return (
    <>
      <PageHeader
        title="Reservations"
        subtitle="Book boarding ahead, see who arrives and leaves, check in and take deposits"
        actions={
          <Button leftSection={<IconCalendarPlus size={16} />} onClick={() => setBooking(true)} disabled={!bookingToday}>
            New reservation
          </Button>
        }
      />
      <Tabs value={tab} onChange={(v) => update({ tab: v === 'calendar' ? 'calendar' : undefined })} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="day" leftSection={<IconDoorEnter size={16} />}>
            Arrivals & departures
          </Tabs.Tab>
          <Tabs.Tab value="calendar" leftSection={<IconCalendarEvent size={16} />}>
            Calendar
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="day">
          <DayLists date={date} onDate={(d) => update({ date: d })} onOpen={setOpenId} />
        </Tabs.Panel>
        <Tabs.Panel value="calendar">
          {types.data ? (
            <CalendarView state={calendar} onState={onCalendar} types={types.data} today={today} onOpen={setOpenId} />
          ) : types.isError ? (
            <ErrorState
              message={serverMessage(types.error, 'Could not load the boarding types')}
              onRetry={() => void types.refetch()}
            />
          ) : (
            <LoadingState label="Loading the calendar..." />
          )}
        </Tabs.Panel>
      </Tabs>
      {bookingToday ? (
        <BookingModal
          opened={booking}
          onClose={() => setBooking(false)}
          today={bookingToday}
          onSaved={(r) => {
            setBooking(false);
            setOpenId(r._id);
          }}
        />
      ) : null}
      <DetailModal id={openId} today={today} onClose={() => setOpenId(null)} />
    </>
  );
}
