import { useParams } from 'react-router';
import { RequireCustomer } from '../../../components/RequireCustomer';
import { DocumentView } from '../components/DocumentView';

/** /customer/documents/:id: one of the signed-in owner's documents, printable and as a PDF (issue 17). */
export default function CustomerDocumentPage() {
  const { id = '' } = useParams();
  return (
    <RequireCustomer>
      <DocumentView key={id} id={id} area="customer" />
    </RequireCustomer>
  );
}
