import { randomUUID } from 'node:crypto';
import { post } from '../../modules/payments/ledger.ts';
import { createSandboxProvider, gatewayId } from '../../modules/payments/providers.ts';
import { checkoutSignature } from '../../modules/payments/signatures.ts';
import { BUILDER_META, type BuildContext } from './context.ts';

/** Puts money in a wallet the way the product does: a balanced posting (here, a granted refund). */
export async function buildWalletCredit(ctx: BuildContext, options: { userId: string; amountPaise: number }) {
  await ctx.db.transaction(async (tx) => {
    await post(tx, {
      kind: 'refund',
      description: 'Test credit',
      causeKey: `test-credit:${randomUUID()}`,
      legs: [
        { account: 'refunds', amountPaise: -options.amountPaise },
        { account: 'wallet', userId: options.userId, amountPaise: options.amountPaise },
      ],
    });
  });
}

/**
 * Pays a submitted application's fee through the payments service: from the wallet (credited first), or through the
 * gateway — an order, then the payer's return with the gateway's signed fields, as the sandbox checkout page sends.
 */
export async function payApplication(
  ctx: BuildContext,
  options: {
    applicationId: string;
    owner: { id: string; role: string };
    totalPaise: number;
    payWith: 'gateway' | 'wallet';
  },
) {
  const { paymentsService } = ctx.services;
  const actor = { userId: options.owner.id, role: options.owner.role, ip: BUILDER_META.ipAddress };
  if (options.payWith === 'wallet')
    await buildWalletCredit(ctx, { userId: options.owner.id, amountPaise: options.totalPaise });
  const checkout = await paymentsService.checkout({
    applicationId: options.applicationId,
    userId: options.owner.id,
    walletPaise: options.payWith === 'wallet' ? options.totalPaise : 0,
    actor,
  });
  if (checkout.body.next.kind === 'paid') return;
  const orderId = checkout.body.payment.orderId;
  if (!orderId) throw new Error('payApplication: the gateway gave no order');
  const providerPaymentId = gatewayId('pay');
  const keySecret =
    ctx.config.payments.provider === 'razorpay'
      ? (ctx.config.payments.razorpay?.keySecret ?? '')
      : createSandboxProvider(ctx.encryptionKey).keySecret;
  await paymentsService.verifyReturn({
    userId: options.owner.id,
    orderId,
    providerPaymentId,
    signature: checkoutSignature(orderId, providerPaymentId, keySecret),
    actor,
  });
}
