/** The Referrals Shop's demo products, by main and sub-category. */
import type { MainCategorySeed } from './types.js';

export const REFERRALS: MainCategorySeed[] = [
  {
    main: 'Electronics',
    subs: [
      {
        category: 'Headphones',
        icon: 'headphones',
        price: [39, 349],
        titles: [
          'Aurora ANC Wireless Over-Ear Headphones, 40h Battery',
          'Pulse Sport Bluetooth Earbuds with Ear Hooks',
          'Northwind Studio Monitor Headphones, Closed-Back',
          'Lumen Kids Volume-Limited Headphones, Foldable',
          'Vector Pro Gaming Headset with Detachable Mic',
        ],
        features: [
          'Active noise cancelling',
          'USB-C fast charging',
          'Multipoint Bluetooth 5.3',
          'Soft memory-foam cushions',
        ],
      },
      {
        category: 'Smart Watches',
        icon: 'watch',
        price: [59, 399],
        titles: [
          'Orbit 4 GPS Smartwatch with AMOLED Display',
          'Stride Lite Fitness Watch, 14-Day Battery',
          'Meridian Classic Hybrid Smartwatch, Leather Band',
          'Summit Outdoor Rugged GPS Watch, Titanium',
          'Orbit Kids Smartwatch with Calling and SOS',
        ],
        features: [
          'Heart-rate and SpO2 sensors',
          'Water resistant to 50 m',
          'Sleep tracking',
          'Always-on display',
        ],
      },
      {
        category: 'Speakers',
        icon: 'speaker',
        price: [29, 299],
        titles: [
          'Boomtube Portable Bluetooth Speaker, Waterproof',
          'Hearth Smart Speaker with Room-Filling Sound',
          'Cascade Bookshelf Speakers, Pair, 2-Way',
          'Pebble Mini Speaker with Carabiner',
          'Theatre 5.1 Soundbar with Wireless Subwoofer',
        ],
        features: [
          '360° sound',
          'IP67 dust and water proof',
          '20 hours of playtime',
          'Pairs two speakers for stereo',
        ],
      },
    ],
  },
  {
    main: 'Home & Kitchen',
    subs: [
      {
        category: 'Coffee Makers',
        icon: 'mug',
        price: [25, 499],
        titles: [
          'Barista Touch Espresso Machine with Milk Frother',
          'Morning Brew 12-Cup Programmable Coffee Maker',
          'Pour Over Coffee Dripper Set, Borosilicate Glass',
          'Cold Brew Coffee Maker, 1.5 L Pitcher',
          'Single-Serve Pod Coffee Machine, 3 Cup Sizes',
        ],
        features: ['Brews in under 4 minutes', 'Keeps warm for 2 hours', 'Dishwasher-safe parts', 'BPA-free'],
      },
      {
        category: 'Air Fryers',
        icon: 'pot',
        price: [49, 229],
        titles: [
          'CrispWave 6 Qt Air Fryer with Viewing Window',
          'DuoBasket 8 Qt Dual-Zone Air Fryer',
          'Compact 2 Qt Air Fryer for One or Two',
          'Air Fryer Oven 10-in-1 with Rotisserie',
          'Smart Air Fryer with App and Voice Control',
        ],
        features: [
          'Uses up to 85% less oil',
          'Non-stick dishwasher-safe basket',
          '8 one-touch presets',
          'Shake reminder',
        ],
      },
      {
        category: 'Vacuums',
        icon: 'vacuum',
        price: [79, 699],
        titles: [
          'Sweeper S7 Robot Vacuum with LiDAR Mapping',
          'Featherlight Cordless Stick Vacuum, 45 min Runtime',
          'PetPro Upright Vacuum with HEPA Filter',
          'Handheld Car Vacuum, Cordless, 8 kPa',
          'Wet & Dry Cordless Floor Washer',
        ],
        features: [
          'HEPA filtration',
          'Tangle-free brush roll',
          'Up to 60 minutes of runtime',
          'Wall-mount charging dock',
        ],
      },
    ],
  },
  {
    main: 'Outdoors',
    subs: [
      {
        category: 'Backpacks',
        icon: 'backpack',
        price: [29, 189],
        titles: [
          'Trailhead 40 L Hiking Backpack with Rain Cover',
          'Commuter Laptop Backpack, Water-Resistant, 15.6"',
          'Daypack 20 L Packable Backpack',
          'Summit 65 L Trekking Pack, Adjustable Torso',
          'Kids School Backpack with Reflective Strips',
        ],
        features: ['Padded laptop sleeve', 'Breathable back panel', 'Hip belt pockets', 'YKK zippers'],
      },
      {
        category: 'Camping Lights',
        icon: 'lantern',
        price: [12, 89],
        titles: [
          'Glowfield Rechargeable Camping Lantern, 1000 lm',
          'Headlamp 350 lm with Red Light Mode',
          'Solar String Lights for Tents, 10 m',
          'Collapsible LED Lantern, 4-Pack',
          'Emergency Crank Radio Flashlight',
        ],
        features: [
          'USB-C rechargeable',
          'IPX4 splash proof',
          'Three brightness levels',
          'Up to 100 hours on low',
        ],
      },
      {
        category: 'Water Bottles',
        icon: 'bottle',
        price: [14, 49],
        titles: [
          'Summit Insulated Water Bottle, 32 oz',
          'Trail Filter Bottle with 2-Stage Filter',
          'Collapsible Silicone Bottle, 20 oz',
          'Kids Insulated Bottle with Straw Lid, 12 oz',
          'Glass Water Bottle with Time Markings, 1 L',
        ],
        features: ['Keeps cold 24 h, hot 12 h', 'Leak-proof lid', 'Dishwasher safe', 'BPA-free'],
      },
    ],
  },
];
