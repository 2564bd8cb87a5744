import { SEARCH_DEBOUNCE_MS } from '@pawdesk/shared';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useDebounced } from '../../lib/use-debounced';
import { dateError, readFilters, type VisitFilters, withFilters } from './filters';

export interface VisitFilterState {
  /** The filters the search runs with (the address's). */
  applied: VisitFilters;
  /** What the name and phone fields show (applied once typing has paused for 1 s). */
  name: string;
  phone: string;
  setName: (v: string) => void;
  setPhone: (v: string) => void;
  /** What the date field shows, and why it is not applied (a future date). */
  date: string;
  dateError: string | null;
  setDate: (v: string) => void;
  /** Purpose and payment state apply at once. */
  setPurpose: (v: string) => void;
  setState: (v: string) => void;
  /** Typed text is waiting for its debounce. */
  pending: boolean;
  clear: () => void;
}

/**
 * The search's filters kept in the address (replaced, not pushed, so Back leaves the page and coming back restores
 * them): the text filters apply 1 s after typing stops (spec 000 §9), the selects and a valid date at once.
 */
export function useVisitFilters(today: string): VisitFilterState {
  const [params, setParams] = useSearchParams();
  const applied = readFilters(params, today);
  const [name, setName] = useState(applied.name);
  const [phone, setPhone] = useState(applied.phone);
  const [date, setDateText] = useState(applied.date);
  const debouncedName = useDebounced(name, SEARCH_DEBOUNCE_MS);
  const debouncedPhone = useDebounced(phone, SEARCH_DEBOUNCE_MS);

  const apply = (patch: Partial<VisitFilters>) => setParams((p) => withFilters(p, patch), { replace: true });

  // Typing settled: the search runs with it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the settled text changes, not on every render
  useEffect(() => {
    if (debouncedName !== applied.name || debouncedPhone !== applied.phone) apply({ name: debouncedName, phone: debouncedPhone });
  }, [debouncedName, debouncedPhone]);

  // The address changed under the fields (Back, Forward, a link): they show what is applied.
  useEffect(() => setName(applied.name), [applied.name]);
  useEffect(() => setPhone(applied.phone), [applied.phone]);
  useEffect(() => setDateText(applied.date), [applied.date]);

  const error = dateError(date, today);
  return {
    applied,
    name,
    phone,
    setName,
    setPhone,
    date,
    dateError: error,
    setDate: (v) => {
      setDateText(v);
      if (dateError(v, today) === null) apply({ date: v });
    },
    setPurpose: (v) => apply({ purpose: v }),
    setState: (v) => apply({ state: v as VisitFilters['state'] }),
    pending: name !== debouncedName || phone !== debouncedPhone,
    clear: () => {
      setName('');
      setPhone('');
      setDateText('');
      apply({ name: '', phone: '', purpose: '', date: '', state: '' });
    },
  };
}
