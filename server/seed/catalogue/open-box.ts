/** The Open Box Store's demo products, by main and sub-category. */
import type { MainCategorySeed } from './types.js';

export const OPEN_BOX: MainCategorySeed[] = [
  {
    main: 'Audio',
    subs: [
      {
        category: 'Headphones',
        icon: 'headphones',
        price: [49, 299],
        titles: [
          'Aurora ANC Over-Ear Headphones (Open Box)',
          'Studio Wireless Headphones, Matte Black',
          'Noise Cancelling Earbuds Pro 2',
          'Open-Ear Sport Headphones',
          'Retro On-Ear Headphones, Cream',
        ],
        features: [
          'Tested and cleaned',
          'All original accessories unless noted',
          'Ear pads checked for wear',
          'Both channels tested',
        ],
      },
      {
        category: 'Speakers',
        icon: 'speaker',
        price: [29, 249],
        titles: [
          'Boomtube Portable Speaker (Open Box)',
          'Smart Display Speaker 8"',
          'Party Speaker with Lights',
          'Bookshelf Speakers, Walnut, Pair',
          'Shower Speaker, Waterproof',
        ],
        features: [
          'Tested and cleaned',
          'Original box may be damaged',
          'Tested at full volume',
          'Power cable or charger included',
        ],
      },
    ],
  },
  {
    main: 'Computers',
    subs: [
      {
        category: 'Laptops',
        icon: 'laptop',
        price: [299, 1499],
        titles: [
          'ZenBook 14 OLED, 16 GB, 512 GB',
          'ThinkBook 15 Business Laptop, i5',
          'MacBook-Style Air 13", 8 GB, 256 GB',
          'Gaming Laptop 16", RTX 4060',
          'Chromebook Plus 14"',
        ],
        features: [
          'Battery health above 90%',
          'Freshly reset',
          'Charger included',
          'Keyboard and ports tested',
        ],
      },
      {
        category: 'Monitors',
        icon: 'monitor',
        price: [99, 699],
        titles: [
          '27" QHD Monitor (Open Box)',
          'Portable 15.6" USB-C Monitor',
          '32" Curved Gaming Monitor',
          '24" Office Monitor with Speakers',
          '34" Ultrawide Monitor',
        ],
        features: ['No dead pixels', 'Stand and cables included', 'Tested on all inputs', 'Screen cleaned'],
      },
      {
        category: 'Tablets',
        icon: 'tablet',
        price: [89, 699],
        titles: [
          'iPad-Style 10.9" Tablet, 64 GB',
          'Android Tablet 11" with Keyboard',
          'Drawing Tablet with Pen',
          'Kids Tablet 7"',
          'E-Reader 7" Waterproof',
        ],
        features: [
          'Screen free of scratches unless noted',
          'Freshly reset',
          'Charger included',
          'Battery tested',
        ],
      },
    ],
  },
  {
    main: 'Gaming',
    subs: [
      {
        category: 'Consoles',
        icon: 'console',
        price: [199, 599],
        titles: [
          'Handheld Gaming PC 7", 512 GB',
          'Home Console Digital Edition',
          'Hybrid Console OLED Model',
          'Retro Mini Console with 30 Games',
          'Console Slim 1 TB Bundle',
        ],
        features: [
          'Tested with three games',
          'Controller included',
          'Freshly reset',
          'Disc drive or storage checked',
        ],
      },
      {
        category: 'Controllers',
        icon: 'controller',
        price: [29, 199],
        titles: [
          'Wireless Controller, Midnight Black',
          'Pro Controller with Back Paddles',
          'Arcade Fight Stick',
          'Racing Wheel and Pedals Set',
          'Mobile Controller for Phones',
        ],
        features: ['No stick drift', 'Cleaned and sanitised', 'Cable included', 'Every button tested'],
      },
    ],
  },
  {
    main: 'Home',
    subs: [
      {
        category: 'Vacuums',
        icon: 'vacuum',
        price: [69, 499],
        titles: [
          'Robot Vacuum with Self-Empty Base (Open Box)',
          'Cordless Stick Vacuum, Purple',
          'Carpet Cleaner, Compact',
          'Handheld Vacuum, Pet Edition',
          'Robot Mop and Vacuum Combo',
        ],
        features: ['Tested and cleaned', 'New filter fitted', 'All attachments included', 'Suction tested'],
      },
      {
        category: 'Kitchen Appliances',
        icon: 'pot',
        price: [39, 399],
        titles: [
          'Air Fryer 6 Qt (Open Box)',
          'Espresso Machine with Grinder',
          'Stand Mixer 5 Qt, Red',
          'Blender 1200 W with Travel Cups',
          'Multi-Cooker 8-in-1, 6 Qt',
        ],
        features: ['Tested and cleaned', 'Manual included', 'Box may show wear', 'Every setting tried'],
      },
    ],
  },
];
