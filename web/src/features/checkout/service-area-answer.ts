/** sessionStorage key of the shopper's Yes to the service-area question. */
const IN_AREA_KEY = 'thaiyal.inServiceArea';

/**
 * Whether the shopper said Yes (she is in the Pollachi area) to the service-area question in
 * this browser session (docs/product.md#address): it is asked once a session, not again on
 * `Edit My Address`. False on the server and where storage is refused.
 */
export function answeredInArea(): boolean {
  try {
    return typeof sessionStorage !== 'undefined' && sessionStorage.getItem(IN_AREA_KEY) === 'yes';
  } catch {
    return false;
  }
}

/** Remember the shopper's Yes for the rest of this browser session. */
export function rememberInArea(): void {
  try {
    sessionStorage.setItem(IN_AREA_KEY, 'yes');
  } catch {
    // Private mode may refuse storage: the question is then asked again next time.
  }
}
