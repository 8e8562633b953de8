// The sign-in policy: how long a user name must wait before another try from an address is checked.
// Throttled per user-name-and-address pair with growing delays, so guessing from one place slows to a crawl,
// while nobody elsewhere is refused: failures never stop a right password from an address that has none.
// A user name (or an address) drawing many failures from everywhere is under attack: every address then gets
// one free try for it instead of five, so an attack spread over many addresses is slowed too, and the real
// user, trying from their own address, still gets in. The README's "Sign-in limits" explains it for operators.

export const signInLimits = {
  /** Failures are remembered this long (for a pair, only those since its last success). */
  windowHours: 24,
  /** Failures a pair may make before each further try must wait. */
  freeTries: 5,
  /** The same while its user name or its address is under attack. */
  freeTriesUnderAttack: 1,
  /** Failures for one user name, from any address, that put it under attack. */
  userUnderAttack: 20,
  /** Failures from one address, for any user names, that put it under attack (one office shares an address). */
  addressUnderAttack: 100,
  /** The wait after the last free failure; it doubles with each failure after that, up to the longest. */
  firstDelaySeconds: 30,
  longestDelaySeconds: 15 * 60,
} as const;

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
export function signInWait(history: SignInHistory): number {
  const underAttack = history.userFailures >= signInLimits.userUnderAttack || history.addressFailures >= signInLimits.addressUnderAttack;
  const free = underAttack ? signInLimits.freeTriesUnderAttack : signInLimits.freeTries;
  if (history.pairFailures < free || history.secondsSinceLastPairFailure === null) return 0;
  const delay = Math.min(signInLimits.longestDelaySeconds, signInLimits.firstDelaySeconds * 2 ** (history.pairFailures - free));
  return Math.max(0, Math.ceil(delay - history.secondsSinceLastPairFailure));
}
