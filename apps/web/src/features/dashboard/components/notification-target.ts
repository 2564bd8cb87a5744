export * from '../../../lib/notification-target';
