import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { hostMounted } from '../../lib/overlays';

export default function NotificationsHost() {
  useEffect(() => hostMounted('notifications'), []);
  return <Notifications position="top-right" zIndex={1000} />;
}
