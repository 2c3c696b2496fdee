/** Names of the banks learners transfer to most, by their NAPAS BIN (VIETQR_BANK_NAME overrides). */
export const BANK_NAMES: Record<string, string> = {
  '970436': 'Vietcombank',
  '970415': 'VietinBank',
  '970418': 'BIDV',
  '970405': 'Agribank',
  '970422': 'MB Bank',
  '970407': 'Techcombank',
  '970416': 'ACB',
  '970432': 'VPBank',
  '970423': 'TPBank',
  '970403': 'Sacombank',
};

export function bankName(bin: string): string {
  return BANK_NAMES[bin] ?? `Ngân hàng (BIN ${bin})`;
}
