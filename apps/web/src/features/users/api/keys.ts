/** Query keys of the staff accounts feature; invalidate `userKeys.all` after any change. */
export const userKeys = {
  all: ['users'] as const,
  list: () => ['users', 'list'] as const,
};

/** Staff accounts per page. */
export const USERS_PAGE_SIZE = 50;
