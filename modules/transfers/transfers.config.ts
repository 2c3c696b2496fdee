/**
 * The VietQR account and the webhook secret from config/env.ts. Outside production a demo account
 * (VietinBank) and a demo secret apply, so the method and its simulator work out of the box; in
 * production the method exists only when the bank, the account, its holder and the secret are set.
 */
import type { Env } from '../../config/env.ts';
import { bankName } from '../../lib/vietqr/banks.ts';

export const TRANSFER_DEMO = {
  bin: '970415',
  account: '113366668888',
  accountName: 'CONG TY CO PHAN GIAO DUC KHAI TRI',
  secret: 'khaitri-bank-webhook-demo-secret',
};

export interface TransfersConfig {
  bin: string;
  bankName: string;
  account: string;
  accountName: string;
  webhookSecret: string;
  publicUrl: string;
  /** "Mô phỏng chuyển khoản" on the payment page and its route (PAYMENT_SIMULATOR, never in production). */
  simulator: boolean;
  /** Reconciliation against the bank statement: how often the job runs, and how far back each run reads. */
  statementEveryMinutes: number;
  statementWindowMinutes: number;
}

export function readTransfersConfig(env: Env): TransfersConfig | null {
  const demo = env.APP_ENV !== 'production';
  const bin = env.VIETQR_BANK_BIN ?? (demo ? TRANSFER_DEMO.bin : undefined);
  const account = env.VIETQR_ACCOUNT_NUMBER ?? (demo ? TRANSFER_DEMO.account : undefined);
  const accountName = env.VIETQR_ACCOUNT_NAME ?? (demo ? TRANSFER_DEMO.accountName : undefined);
  const webhookSecret = env.BANK_WEBHOOK_SECRET ?? (demo ? TRANSFER_DEMO.secret : undefined);
  if (!bin || !account || !accountName || !webhookSecret) return null;
  return {
    bin,
    bankName: env.VIETQR_BANK_NAME ?? bankName(bin),
    account,
    accountName,
    webhookSecret,
    publicUrl: env.PUBLIC_URL,
    simulator: env.PAYMENT_SIMULATOR,
    statementEveryMinutes: env.BANK_STATEMENT_EVERY_MINUTES,
    statementWindowMinutes: env.BANK_STATEMENT_WINDOW_MINUTES,
  };
}
