import { useTranslation } from 'react-i18next';
import { FileDownloadButton } from '@/components/file-download-button';
import { getInvoice } from '../api/get-invoice';
import { invoiceFileName } from '../lib/payment-view';

/** Saves a payment's GST invoice (a private PDF, fetched with the session). */
export function InvoiceButton(props: { paymentId: string; serial: string }) {
  const { t } = useTranslation('payments');
  return (
    <FileDownloadButton
      fetchFile={() => getInvoice(props.paymentId)}
      fileName={invoiceFileName(props.serial)}
      label={t('section.invoice')}
      ariaLabel={t('section.invoiceLabel', { serial: props.serial })}
      failedTitle={t('section.invoiceFailed')}
      testId="invoice-download"
    />
  );
}
