// Leaving the application for another site (the payment provider's page)
// goes through here, so that tests can replace it.

/** redirectTo sends the browser to an address outside the application. */
export function redirectTo(url: string): void {
  window.location.assign(url);
}
