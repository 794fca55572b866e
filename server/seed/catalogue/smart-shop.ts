/** The Smart Shop's demo products, by main and sub-category. */
import type { MainCategorySeed } from './types.js';

export const SMART_SHOP: MainCategorySeed[] = [
  {
    main: 'Smart Home',
    subs: [
      {
        category: 'Smart Plugs',
        icon: 'plug',
        price: [9, 49],
        titles: [
          'Kasa Mini Smart Plug with Energy Monitoring, 4-Pack',
          'Outdoor Smart Plug, Two Sockets, Weatherproof',
          'Matter Smart Plug, Works with Every Hub',
          'Smart Power Strip with 3 Outlets and USB',
          'Thread Smart Plug Mini',
        ],
        features: ['No hub required', 'Schedules and away mode', 'Voice assistant support', 'Energy reports'],
      },
      {
        category: 'Smart Bulbs',
        icon: 'bulb',
        price: [12, 99],
        titles: [
          'Hue White & Color A19 Bulb, 2-Pack',
          'Wi-Fi Smart Bulb, Tunable White, 4-Pack',
          'Filament Smart Bulb, Vintage Edison',
          'Smart LED Strip Light, 5 m',
          'GU10 Smart Spotlight, 3-Pack',
        ],
        features: ['16 million colours', 'Dimmable', 'Sunrise and sunset routines', 'Group control'],
      },
      {
        category: 'Security Cameras',
        icon: 'camera',
        price: [29, 249],
        titles: [
          'Indoor Pan-Tilt Security Camera, 2K',
          'Wireless Outdoor Camera with Spotlight',
          'Video Doorbell with Head-to-Toe View',
          'Floodlight Camera, 2000 lm',
          'Baby Monitor Camera with Night Vision',
        ],
        features: [
          'Colour night vision',
          'Local storage, no subscription',
          'Person detection',
          'Two-way talk',
        ],
      },
    ],
  },
  {
    main: 'Wearables',
    subs: [
      {
        category: 'Fitness Trackers',
        icon: 'watch',
        price: [25, 179],
        titles: [
          'Charge 6 Fitness Tracker with Built-in GPS',
          'Band 9 Activity Tracker, AMOLED',
          'Inspire 3 Slim Tracker, 10-Day Battery',
          'Swim Tracker with Lap Counting',
          'Kids Activity Tracker with Games',
        ],
        features: ['24/7 heart rate', 'Sleep score', 'Water resistant', 'Smartphone notifications'],
      },
      {
        category: 'Smart Rings',
        icon: 'ring',
        price: [199, 399],
        titles: [
          'Oura-Style Smart Ring Gen 3, Titanium',
          'Sleep Tracking Ring, Matte Black',
          'Fitness Ring with 7-Day Battery',
          'Ceramic Smart Ring, Gold Finish',
          'Ring Sizing Kit and Smart Ring Bundle',
        ],
        features: ['Temperature sensing', 'No subscription', 'Water resistant to 100 m', 'Wireless charging'],
      },
    ],
  },
  {
    main: 'Phones & Tablets',
    subs: [
      {
        category: 'Phones',
        icon: 'phone',
        price: [149, 1199],
        titles: [
          'Pixelon 9a 128 GB Unlocked Smartphone',
          'Galaxia S25 256 GB Unlocked',
          'Moto G Power 5G, 128 GB',
          'Nothingness Phone (3), 256 GB',
          'Pixelon 9 Pro Fold, 512 GB',
        ],
        features: ['120 Hz OLED display', '5G', 'All-day battery', '7 years of updates'],
      },
      {
        category: 'Tablets',
        icon: 'tablet',
        price: [89, 899],
        titles: [
          'Tab S10 11" Tablet, 128 GB',
          'Fire HD 10 Tablet, 32 GB',
          'Pad Air 11" with M-Series Chip',
          'Kids Tablet 8" with Protective Case',
          'E-Ink Writing Tablet 10.3"',
        ],
        features: ['Stylus support', 'Quad speakers', 'Split-screen multitasking', 'Fast charging'],
      },
      {
        category: 'Chargers',
        icon: 'charger',
        price: [15, 129],
        titles: [
          '65 W GaN USB-C Charger, 3 Ports',
          '3-in-1 Wireless Charging Stand',
          '20,000 mAh Power Bank with 45 W Output',
          'Magnetic Wireless Car Charger Mount',
          '140 W USB-C Desktop Charging Station',
        ],
        features: [
          'GaN technology',
          'Foreign object detection',
          'Travel-ready foldable plug',
          'Multi-device charging',
        ],
      },
    ],
  },
];
