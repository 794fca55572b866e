/**
 * A parcel's tracking page (issue 18): the buyer's "order sent" e-mail and My Orders link to it for the
 * carriers whose public tracking pages take the number in the URL. The postal service is free text the
 * seller typed, so it is matched loosely ("USPS", "usps priority", "Fed Ex", "DHL Express").
 */
const CARRIERS: { pattern: RegExp; url: (number: string) => string }[] = [
  {
    pattern: /\b(usps|united states postal)/i,
    url: (n) => `https://tools.usps.com/go/TrackConfirmAction?tLabels=${n}`,
  },
  { pattern: /\bups\b/i, url: (n) => `https://www.ups.com/track?tracknum=${n}` },
  { pattern: /\bfed\s?ex\b/i, url: (n) => `https://www.fedex.com/fedextrack/?trknbr=${n}` },
  { pattern: /\bdhl\b/i, url: (n) => `https://www.dhl.com/global-en/home/tracking.html?tracking-id=${n}` },
];

/** The carrier's tracking URL for the number, or null when the carrier is not one of them or no number was given. */
export function trackingUrl(postalService: string, trackingNumber: string): string | null {
  const number = trackingNumber.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9-]{4,40}$/.test(number)) return null;
  const carrier = CARRIERS.find((entry) => entry.pattern.test(postalService));
  return carrier ? carrier.url(encodeURIComponent(number)) : null;
}
