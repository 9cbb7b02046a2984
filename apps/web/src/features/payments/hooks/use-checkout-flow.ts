import { type CheckoutNext, PAYMENT_ERROR_CODES } from '@mohar/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureMessage, hasErrorCode } from '@/lib/api-errors';
import { applicationPaymentQueryKey, applicationQueryKey } from '@/lib/query-keys';
import { useAbandonPayment } from '../api/abandon-payment';
import { useCheckout } from '../api/checkout';
import { useVerifyPayment } from '../api/verify-payment';
import { keepsAttemptKey, newAttemptKey } from '../lib/checkout';
import { loadRazorpay, type RazorpaySuccess } from '../lib/razorpay';
import { usePaymentOutcome } from './use-payment-outcome';

/**
 * idle: the button can be pressed. starting: the order is being made. gateway: the payer is at the gateway
 * (Razorpay's window, or the sandbox page loading). confirming: the gateway said paid and the server is checking.
 * done: paid; the view is opening.
 */
export type CheckoutPhase = 'idle' | 'starting' | 'gateway' | 'confirming' | 'done';

export type CheckoutNotice = {
  tone: 'error' | 'warning' | 'info';
  message: string;
  /** Not payable any more: the way forward is the application itself. */
  showViewLink?: boolean;
};

type RazorpayNext = Extract<CheckoutNext, { kind: 'razorpay' }>;

/** One checkout attempt after another: the order, the gateway, and what the payer is told when it does not go through. */
export function useCheckoutFlow(applicationId: string) {
  const { t } = useTranslation('payments');
  const queryClient = useQueryClient();
  const outcome = usePaymentOutcome();
  const checkout = useCheckout();
  const verify = useVerifyPayment();
  const abandon = useAbandonPayment();
  const [phase, setPhase] = useState<CheckoutPhase>('idle');
  const [notice, setNotice] = useState<CheckoutNotice | null>(null);
  // Refs, not state: a second click in the same frame must see the first one's key and that it is under way.
  const attemptKey = useRef<string | null>(null);
  const isBusy = useRef(false);

  const settle = (notice: CheckoutNotice | null) => {
    isBusy.current = false;
    setPhase('idle');
    setNotice(notice);
  };
  const refreshPayment = () =>
    void queryClient.invalidateQueries({ queryKey: applicationPaymentQueryKey(applicationId) });

  // Back from the sandbox page with the browser's back button: the page comes back from the cache as it was left.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      attemptKey.current = null;
      refreshPayment();
      settle(null);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  });

  const onCheckoutFailed = (error: unknown) => {
    if (!keepsAttemptKey(error)) attemptKey.current = null;
    if (hasErrorCode(error, PAYMENT_ERROR_CODES.walletBalanceChanged)) {
      refreshPayment();
      settle({ tone: 'warning', message: failureMessage(error, t('checkout.balanceChanged')) });
    } else if (hasErrorCode(error, PAYMENT_ERROR_CODES.notPayable)) {
      void queryClient.invalidateQueries({ queryKey: applicationQueryKey(applicationId) });
      settle({ tone: 'error', message: failureMessage(error, t('checkout.notPayable')), showViewLink: true });
    } else {
      settle({ tone: 'error', message: failureMessage(error, t('checkout.failed')) });
    }
  };

  const onGatewayPaid = async (response: RazorpaySuccess) => {
    setPhase('confirming');
    try {
      const verified = await verify.mutateAsync({
        razorpay_order_id: response.razorpay_order_id,
        razorpay_payment_id: response.razorpay_payment_id,
        razorpay_signature: response.razorpay_signature,
      });
      attemptKey.current = null;
      setPhase('done');
      await outcome.onPaid({
        applicationId: verified.applicationId,
        receiptSerial: verified.payment.receipt?.serial ?? null,
      });
    } catch (error) {
      attemptKey.current = null;
      refreshPayment();
      settle({
        tone: 'error',
        message: `${failureMessage(error, t('checkout.verifyFailed'))} ${t('checkout.orderReference', { orderId: response.razorpay_order_id })}`,
      });
    }
  };

  const onGatewayClosed = async (orderId: string, reason: string) => {
    attemptKey.current = null;
    // If this fails the order lapses on its own; the payer is told the same either way.
    await abandon.mutateAsync({ orderId, reason }).catch(() => undefined);
    refreshPayment();
    return orderId;
  };

  const openRazorpay = async (next: RazorpayNext) => {
    let Razorpay: Awaited<ReturnType<typeof loadRazorpay>>;
    try {
      Razorpay = await loadRazorpay();
    } catch {
      await onGatewayClosed(next.orderId, 'Razorpay Checkout could not be loaded');
      settle({ tone: 'error', message: t('checkout.gatewayLoadFailed') });
      return;
    }
    setPhase('gateway');
    new Razorpay({
      key: next.keyId,
      order_id: next.orderId,
      amount: next.amountPaise,
      currency: next.currency,
      name: next.name,
      description: next.description,
      prefill: next.prefill,
      handler: (response) => void onGatewayPaid(response),
      modal: {
        ondismiss: () =>
          void onGatewayClosed(next.orderId, 'The payer closed the payment window').then(() =>
            settle({ tone: 'info', message: t('checkout.dismissed') }),
          ),
      },
    }).open();
  };

  const pay = async (walletPaise: number) => {
    if (isBusy.current) return;
    isBusy.current = true;
    setPhase('starting');
    setNotice(null);
    attemptKey.current ??= newAttemptKey();
    let result: Awaited<ReturnType<typeof checkout.mutateAsync>>;
    try {
      result = await checkout.mutateAsync({
        id: applicationId,
        body: { walletPaise },
        idempotencyKey: attemptKey.current,
      });
    } catch (error) {
      onCheckoutFailed(error);
      return;
    }
    const { next } = result;
    switch (next.kind) {
      case 'paid':
        attemptKey.current = null;
        setPhase('done');
        await outcome.onPaid({ applicationId, receiptSerial: result.payment.receipt?.serial ?? null });
        return;
      case 'redirect':
        setPhase('gateway');
        window.location.assign(next.url);
        return;
      case 'razorpay':
        await openRazorpay(next);
        return;
    }
  };

  /** The payer changed what they will pay (the wallet switch): the next click is a new attempt. */
  const startOver = () => {
    if (isBusy.current) return;
    attemptKey.current = null;
    setNotice(null);
  };

  /** Paid another way (an organisation's wallet or plan, decision 0073): open the view as after checkout. */
  const paidElsewhere = async (receiptSerial: string | null) => {
    setPhase('done');
    await outcome.onPaid({ applicationId, receiptSerial });
  };

  return { phase, notice, pay, startOver, paidElsewhere };
}
