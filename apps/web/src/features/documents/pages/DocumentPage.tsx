import { useParams } from 'react-router';
import { DocumentView } from '../components/DocumentView';

/** /staff/documents/:id: a tax invoice, bill of supply, credit note or receipt, printable (issue 17). */
export default function DocumentPage() {
  const { id = '' } = useParams();
  return <DocumentView key={id} id={id} area="staff" />;
}
