import { Button, Group } from '@mantine/core';

/** What LoadMore needs of an infinite query. */
export interface PagedQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/** The centred button that loads a paged list's next page, while there is one. */
export function LoadMore({ q, label = 'Load more', mt }: { q: PagedQuery; label?: string; mt?: string }) {
  if (!q.hasNextPage) return null;
  return (
    <Group justify="center" mt={mt}>
      <Button variant="default" loading={q.isFetchingNextPage} onClick={() => void q.fetchNextPage()}>
        {label}
      </Button>
    </Group>
  );
}
