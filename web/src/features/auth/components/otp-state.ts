/**
 * What the pages that mail a code (sign-up, a sign-in of an unverified account) hand to /otp
 * in the history entry's state: when the code was sent, in ms since the epoch. It lives in
 * `history.state`, so a reload of /otp still knows it; a visit without it has no countdown.
 */
export interface OtpLocationState {
  codeSentAt: number;
}

/** The state to navigate to /otp with, right after a code was mailed. */
export function codeJustSent(): { state: OtpLocationState } {
  return { state: { codeSentAt: Date.now() } };
}
