/** The query a payer returns with from the provider's page (the purchase being confirmed). */
export const PURCHASE_PARAM = 'purchase';

/** Sends the payer to the provider's page; nothing is bought until the provider confirms the payment. */
export const sendToProvider = (url: string): void => window.location.assign(url);

/**
 * Loads the page again so the account bundle and the balance show what was bought; a return address's
 * purchase is dropped first, so the reloaded page does not wait for it again.
 */
export const reloadAfterPurchase = (): void => {
  const url = new URL(window.location.href);
  if (!url.searchParams.has(PURCHASE_PARAM)) {
    window.location.reload();
    return;
  }
  url.searchParams.delete(PURCHASE_PARAM);
  window.location.replace(url.toString());
};
