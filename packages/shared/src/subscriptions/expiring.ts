/** Most subscriptions the dashboard list returns. */
export const EXPIRING_SUBSCRIPTIONS_MAX = 100;
