/** Money as the server wrote it (exact decimal text), in the reader's notation; the text itself if the browser cannot format it. */
export function formatMoney(amount: string, currency: string, lang: string): string {
  const places = (amount.split('.')[1] ?? '').length;
  try {
    const format = new Intl.NumberFormat(lang, { style: 'currency', currency, minimumFractionDigits: places, maximumFractionDigits: places });
    // A decimal string is formatted exactly (Intl.NumberFormat v3), never through a float.
    return format.format(amount as `${number}`);
  } catch {
    return `${amount} ${currency}`;
  }
}

