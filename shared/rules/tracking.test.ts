import { describe, expect, it } from 'vitest';
import { trackingUrl } from './tracking.js';

describe('trackingUrl', () => {
  it.each([
    ['USPS', 'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400111899223'],
    ['usps priority mail', 'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400111899223'],
    ['UPS', 'https://www.ups.com/track?tracknum=9400111899223'],
    ['Fed Ex', 'https://www.fedex.com/fedextrack/?trknbr=9400111899223'],
    ['FedEx Ground', 'https://www.fedex.com/fedextrack/?trknbr=9400111899223'],
    ['DHL Express', 'https://www.dhl.com/global-en/home/tracking.html?tracking-id=9400111899223'],
  ])('links %s to its tracking page', (service, url) => {
    expect(trackingUrl(service, '9400 1118 99223')).toBe(url);
  });

  it('gives nothing for another carrier, a missing number or one that is not a tracking number', () => {
    expect(trackingUrl('Royal Mail', 'AB123456789GB')).toBeNull();
    expect(trackingUrl('Groups', '1Z999AA10123456784')).toBeNull();
    expect(trackingUrl('USPS', '')).toBeNull();
    expect(trackingUrl('UPS', '<script>')).toBeNull();
    expect(trackingUrl('UPS', '1Z999AA1"0123')).toBeNull();
  });
});
