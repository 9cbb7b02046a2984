/** Razorpay Checkout (https://razorpay.com/docs/payments/payment-gateway/web-integration/standard/), the part we use. */

const SCRIPT_URL = 'https://checkout.razorpay.com/v1/checkout.js';
const SCRIPT_ID = 'razorpay-checkout-js';

/** What Checkout hands its success handler; POSTed to /payments/verify as it is. */
export type RazorpaySuccess = {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
};

export type RazorpayOptions = {
  key: string;
  order_id: string;
  /** Paise. */
  amount: number;
  currency: 'INR';
  name: string;
  description: string;
  prefill: { name: string; email: string };
  theme?: { color: string };
  handler: (response: RazorpaySuccess) => void;
  modal: { ondismiss: () => void; escape?: boolean };
};

export type RazorpayCheckout = { open: () => void; close: () => void };
export type RazorpayConstructor = new (options: RazorpayOptions) => RazorpayCheckout;

declare global {
  interface Window {
    Razorpay?: RazorpayConstructor;
  }
}

let loading: Promise<RazorpayConstructor> | null = null;

/**
 * Loads Checkout's script the first time a payer needs it (never on other pages), once per page load: concurrent
 * and later calls share the same script. A failed load is forgotten so the next try fetches it again.
 */
export function loadRazorpay(): Promise<RazorpayConstructor> {
  if (window.Razorpay) return Promise.resolve(window.Razorpay);
  loading ??= new Promise<RazorpayConstructor>((resolve, reject) => {
    document.getElementById(SCRIPT_ID)?.remove();
    const script = document.createElement('script');
    script.id = SCRIPT_ID;
    script.src = SCRIPT_URL;
    script.async = true;
    script.onload = () =>
      window.Razorpay ? resolve(window.Razorpay) : reject(new Error('Razorpay Checkout did not load'));
    script.onerror = () => reject(new Error('Razorpay Checkout could not be loaded'));
    document.head.append(script);
  }).catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}
