import { Button, Group, Text } from '@mantine/core';
import { DOCUMENT_MESSAGES, type TaxDocumentView } from '@pawdesk/shared';
import { IconArrowLeft, IconDownload, IconFileOff, IconMail, IconPrinter } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { confirm } from '../../../components/confirm';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { ApiError, serverMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { documentQuery, downloadDocumentPdf, useEmailDocument } from '../api/documents';
import classes from './document.module.css';
import { TaxDocumentSheet } from './TaxDocumentSheet';

export const DOWNLOAD_FAILED = 'Could not download the PDF';

/** Where a document's reader is: staff (may email it to the owner) or the customer who owns it. */
export type DocumentArea = 'staff' | 'customer';

export const documentPath = (area: DocumentArea, id: string) => `/${area}/documents/${id}`;

function EmailButton({ doc }: { doc: TaxDocumentView }) {
  const email = useEmailDocument();
  const to = doc.buyer.email;
  const send = async () => {
    if (!to) return;
    const ok = await confirm({
      title: 'Email to owner',
      message: `Email ${doc.title} ${doc.number} to ${to}?`,
      confirmLabel: 'Send email',
    });
    if (!ok) return;
    try {
      const res = await email.mutateAsync(doc._id);
      notify.success(res.message || DOCUMENT_MESSAGES.emailed(to));
    } catch (err) {
      notify.error(serverMessage(err, DOCUMENT_MESSAGES.emailFailed), err);
    }
  };
  return (
    <Button
      variant="default"
      leftSection={<IconMail size={16} />}
      onClick={() => void send()}
      loading={email.isPending}
      disabled={!to}
      title={to ? `Email to ${to}` : DOCUMENT_MESSAGES.noEmail}
    >
      Email to owner
    </Button>
  );
}

/** Where staff came from (the visit's dialog, a list); a document opened from a link or a new tab goes to Visit History. */
function useBack() {
  const navigate = useNavigate();
  // The first entry of the app's history has the key 'default': there is nothing of ours to go back to.
  const { key } = useLocation();
  return () => (key === 'default' ? navigate('/staff/saleshistory') : navigate(-1));
}

function Toolbar({ doc, area }: { doc: TaxDocumentView; area: DocumentArea }) {
  const back = useBack();
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      await downloadDocumentPdf(doc);
    } catch (err) {
      notify.error(serverMessage(err, DOWNLOAD_FAILED), err);
    } finally {
      setDownloading(false);
    }
  };
  return (
    <>
      <div className={classes.toolbar}>
        {area === 'customer' ? (
          <Button component={Link} to="/customer/documents" variant="subtle" leftSection={<IconArrowLeft size={16} />} px={6}>
            My documents
          </Button>
        ) : (
          <Button variant="subtle" leftSection={<IconArrowLeft size={16} />} px={6} onClick={back}>
            Back
          </Button>
        )}
        <Group gap="xs" wrap="wrap">
          <Button leftSection={<IconPrinter size={16} />} onClick={() => window.print()}>
            Print
          </Button>
          <Button
            variant="default"
            leftSection={<IconDownload size={16} />}
            onClick={() => void download()}
            loading={downloading}
          >
            Download PDF
          </Button>
          {area === 'staff' ? <EmailButton doc={doc} /> : null}
        </Group>
      </div>
      {area === 'staff' && !doc.buyer.email ? (
        <Text size="sm" c="dimmed" mb="sm">
          {DOCUMENT_MESSAGES.noEmail}
        </Text>
      ) : null}
    </>
  );
}

/** True when the address names no document the reader can see: unknown (404) or not an id at all (400). */
const notFound = (err: unknown) => err instanceof ApiError && (err.status === 404 || err.status === 400);

/**
 * One document as a page (`/staff/documents/:id`, `/customer/documents/:id`): Print (only the sheet prints, A4),
 * Download PDF (the server's file), and for staff Email to owner; loading, 'Document not found' and error states.
 */
export function DocumentView({ id, area }: { id: string; area: DocumentArea }) {
  const q = useQuery(documentQuery(id));
  if (q.isPending) return <LoadingState label="Loading the document..." />;
  if (!q.data) {
    if (notFound(q.error))
      return (
        <EmptyState
          title={DOCUMENT_MESSAGES.notFound}
          hint="The link may be wrong, or the document was never issued."
          icon={<IconFileOff size={26} />}
          action={
            area === 'customer' ? (
              <Button component={Link} to="/customer/documents" variant="light">
                My documents
              </Button>
            ) : null
          }
        />
      );
    return (
      <ErrorState
        title={DOCUMENT_MESSAGES.load}
        message={serverMessage(q.error, DOCUMENT_MESSAGES.load)}
        onRetry={() => void q.refetch()}
      />
    );
  }
  return (
    <div className={classes.page}>
      <Toolbar doc={q.data} area={area} />
      <TaxDocumentSheet doc={q.data} documentHref={(other) => documentPath(area, other)} />
    </div>
  );
}
