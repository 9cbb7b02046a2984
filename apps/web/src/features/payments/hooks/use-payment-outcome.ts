import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { showToast } from '@/components/toast-host';
import { paths } from '@/config/paths';
import { refreshAfterPayment } from '../api/payment-cache';

/**
 * Where every payment ends: the application is read again (status, history, payments, wallet), then its view
 * opens with a toast saying what happened. Awaiting the refresh first means the view never shows the old status.
 */
export function usePaymentOutcome() {
  const { t } = useTranslation('payments');
  const { t: tCommon } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const onPaid = async (options: { applicationId: string; receiptSerial: string | null }) => {
    await refreshAfterPayment(queryClient, options.applicationId);
    void showToast({
      color: 'green',
      message: options.receiptSerial
        ? t('outcome.paidWithReceipt', { serial: options.receiptSerial })
        : t('outcome.paid'),
      closeLabel: tCommon('close'),
    });
    await navigate(paths.applications.view(options.applicationId));
  };

  const onFailed = async (options: { applicationId: string }) => {
    await refreshAfterPayment(queryClient, options.applicationId);
    void showToast({ color: 'red', message: t('outcome.failed'), closeLabel: tCommon('close') });
    await navigate(paths.applications.view(options.applicationId));
  };

  return { onPaid, onFailed };
}
