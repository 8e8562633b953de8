// The sign-in policy: how long a user name must wait before another try from an address is checked.
// Throttled per user-name-and-address pair with growing delays, so guessing from one place slows to a crawl,
// while nobody elsewhere is refused: failures never stop a right password from an address that has none.
// A user name (or an address) drawing many failures from everywhere is under attack: every address then gets
// one free try for it instead of five, so an attack spread over many addresses is slowed too, and the real
// user, trying from their own address, still gets in. docs/configuration.md's "Sign-in limits" explains it for operators.

import type { Limits } from '../limits.ts';

/** The policy's numbers (config.limits.signIn). */
export type SignInLimits = Limits['signIn'];

/** The failures the decision reads, counted when the try comes in. */
export interface SignInHistory {
  /** Of this user name from this address, since the pair's last success. */
  pairFailures: number;
  /** Since the pair's latest failure; null without one. */
  secondsSinceLastPairFailure: number | null;
  /** Of this user name from every address. */
  userFailures: number;
  /** From this address for every user name. */
  addressFailures: number;
}

/** The user name a try is counted under: case and surrounding spaces do not make another user. */
export function signInKey(userName: string): string {
  return userName.trim().toLowerCase();
}

/** Whole seconds to wait before this try may be checked; 0: check it now. */
export function signInWait(history: SignInHistory, limits: SignInLimits): number {
  const underAttack = history.userFailures >= limits.userUnderAttack || history.addressFailures >= limits.addressUnderAttack;
  const free = underAttack ? limits.freeTriesUnderAttack : limits.freeTries;
  if (history.pairFailures < free || history.secondsSinceLastPairFailure === null) return 0;
  const delay = Math.min(limits.longestDelaySeconds, limits.firstDelaySeconds * 2 ** (history.pairFailures - free));
  return Math.max(0, Math.ceil(delay - history.secondsSinceLastPairFailure));
}
