import { Button } from '@mantine/core';
import { IconFileOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { ApiError, serverMessage } from '../../../lib/api-client';
import { downloadRunCardPdf, runCardQuery } from '../api/run-cards';
import { RunCardSheet } from '../components/RunCardSheet';
import { RunCardToolbar, useRunCardFormat } from '../components/RunCardToolbar';

const LOAD_FAILED = 'Could not load the run card';

/**
 * /staff/care/runcard/:boardingId: a stay's run card (issue 20), A4 or kennel card; Print (only the card prints) and
 * Download PDF (the server's). A closed stay's card still opens: it is the stay's history.
 */
export default function RunCardPage() {
  const { boardingId = '' } = useParams();
  const [format, setFormat] = useRunCardFormat();
  const q = useQuery(runCardQuery(boardingId));
  if (q.isPending) return <LoadingState label="Loading the run card..." />;
  if (!q.data) {
    if (q.error instanceof ApiError && (q.error.status === 404 || q.error.status === 400))
      return (
        <EmptyState
          title="Stay not found"
          hint="The link may be wrong, or the stay was removed."
          icon={<IconFileOff size={26} />}
          action={
            <Button component={Link} to="/staff/deboard" variant="light">
              Deboard Pets
            </Button>
          }
        />
      );
    return <ErrorState title={LOAD_FAILED} message={serverMessage(q.error, LOAD_FAILED)} onRetry={() => void q.refetch()} />;
  }
  const card = q.data;
  return (
    <div>
      <RunCardToolbar format={format} onFormat={setFormat} download={() => downloadRunCardPdf(card, format)} />
      <RunCardSheet card={card} format={format} />
    </div>
  );
}
