import { PageHeader } from '../../../components/PageHeader';
import { VisitSearch } from '../components/VisitSearch';

/** Visit History search (/staff/saleshistory; spec 000 §2, issue 17): every visit, filtered, newest first. */
export default function SalesHistoryPage() {
  return (
    <>
      <PageHeader title="Visit History" subtitle="Search visits by pet, owner phone, purpose, date and payment" />
      <VisitSearch />
    </>
  );
}
