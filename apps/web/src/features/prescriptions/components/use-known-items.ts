import type { InventoryItem } from '@pawdesk/shared';
import { useCallback, useEffect, useState } from 'react';

/**
 * Every inventory item the form has seen (the first page and any search), by
 * id, kept current: the selects list them and the total prices them.
 */
export function useKnownItems(firstPage: InventoryItem[] | undefined) {
  const [known, setKnown] = useState<Map<string, InventoryItem>>(() => new Map());
  const merge = useCallback((items: InventoryItem[]) => {
    setKnown((prev) => {
      let changed = false;
      const next = new Map(prev);
      for (const i of items) {
        const old = prev.get(i._id);
        if (!old || old.updatedAt !== i.updatedAt || old.stock !== i.stock) {
          next.set(i._id, i);
          changed = true;
        }
      }
      return changed ? next : prev;
    });
  }, []);
  useEffect(() => {
    if (firstPage) merge(firstPage);
  }, [firstPage, merge]);
  return { known, merge };
}
