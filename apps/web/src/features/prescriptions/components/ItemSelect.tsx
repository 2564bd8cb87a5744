import { Select } from '@mantine/core';
import type { InventoryItem, InventoryUnit, PrescriptionSection } from '@pawdesk/shared';
import { useEffect, useMemo, useState } from 'react';
import { useDebounced } from '../../../lib/use-debounced';
import { useInventorySearch } from '../api/get-inventory-options';

/** Items whose unit matches the section are listed first. */
const SECTION_UNIT: Record<PrescriptionSection, InventoryUnit> = { items: 'item', tablets: 'tablet', mg: 'mg', ml: 'ml' };

export const optionLabel = (i: InventoryItem) => `${i.itemName} (Stock: ${i.stock} ${i.stockUnit})`;

/**
 * An inventory item select showing name and stock. It lists the items the
 * page knows and asks the server for more by name prefix as the user types.
 */
export function ItemSelect({
  section,
  label,
  value,
  onChange,
  onBlur,
  known,
  onFound,
  error,
}: {
  section: PrescriptionSection;
  label: string;
  value: string | null;
  onChange: (id: string | null) => void;
  onBlur?: () => void;
  known: ReadonlyMap<string, InventoryItem>;
  onFound: (items: InventoryItem[]) => void;
  error?: string;
}) {
  const [search, setSearch] = useState('');
  const selected = value ? known.get(value) : undefined;
  const typed = selected && search === optionLabel(selected) ? '' : search;
  const debounced = useDebounced(typed, 250);
  const found = useInventorySearch(debounced);
  useEffect(() => {
    if (found.data) onFound(found.data);
  }, [found.data, onFound]);

  const data = useMemo(() => {
    const unit = SECTION_UNIT[section];
    const option = (i: InventoryItem) => ({ value: i._id, label: optionLabel(i), disabled: i.stock === 0 && i._id !== value });
    const all = [...known.values()];
    const matching = all.filter((i) => i.stockUnit === unit).map(option);
    const others = all.filter((i) => i.stockUnit !== unit).map(option);
    const groups = [];
    if (matching.length) groups.push({ group: `${unit} items`, items: matching });
    if (others.length) groups.push({ group: 'Other items', items: others });
    return groups;
  }, [known, section, value]);

  return (
    <Select
      label={label}
      placeholder="Select an item"
      searchable
      data={data}
      value={value}
      onChange={onChange}
      onBlur={onBlur}
      searchValue={search}
      onSearchChange={setSearch}
      nothingFoundMessage={found.isFetching ? 'Searching...' : 'No matching items'}
      error={error}
      limit={100}
      maxDropdownHeight={280}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
