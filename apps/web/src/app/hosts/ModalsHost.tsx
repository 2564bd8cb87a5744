import { ModalsProvider, modals } from '@mantine/modals';
import { useEffect } from 'react';
import { modalsMounted } from '../../lib/overlays';

export default function ModalsHost() {
  useEffect(() => modalsMounted(modals), []);
  return <ModalsProvider>{null}</ModalsProvider>;
}
