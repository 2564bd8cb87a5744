import { ModalsProvider } from '@mantine/modals';
import { useEffect } from 'react';
import { hostMounted } from '../../lib/overlays';

export default function ModalsHost() {
  useEffect(() => hostMounted('modals'), []);
  return <ModalsProvider>{null}</ModalsProvider>;
}
