/** Balance figures as decimal strings (`"400.12"`), the way the balance endpoint answers them. */
type BalanceFigures = { balance: string; turnover: string };

/** True while deposits' turnover is still to be played: no withdrawal until it is done. */
export function hasTurnoverLeft(balance: Pick<BalanceFigures, 'turnover'>): boolean {
  return /[1-9]/.test(balance.turnover);
}

/** What may be withdrawn now: the centre wallet, or zero (in the same scale) while turnover is owed. */
export function withdrawableAmount(balance: BalanceFigures): string {
  if (!hasTurnoverLeft(balance)) return balance.balance;
  const fraction = balance.balance.split('.')[1];
  return fraction === undefined ? '0' : `0.${'0'.repeat(fraction.length)}`;
}
