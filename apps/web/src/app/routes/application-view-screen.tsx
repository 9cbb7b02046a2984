import type { Application } from '@mohar/contracts';
import { ApplicationViewPage } from '@/features/applications/components/application-view-page';
import { PaymentSection } from '@/features/payments/components/payment-section';

const renderPayment = (application: Application) => <PaymentSection application={application} />;

/** The application view with the payments panel: features do not import each other, so they meet here. */
export function ApplicationViewScreen() {
  return <ApplicationViewPage renderPayment={renderPayment} />;
}
