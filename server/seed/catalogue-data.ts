/** The demo catalogue: realistic (fictional-brand) products for every shop, grouped as the shops show them. */
import type { ShopKey } from '../../shared/shops.js';
import type { IconKind } from './images.js';

export interface SubCategorySeed {
  category: string;
  icon: IconKind;
  /** Typical price range in dollars. */
  price: [number, number];
  titles: string[];
  features: string[];
}

export interface MainCategorySeed {
  main: string;
  subs: SubCategorySeed[];
}

export const DEMO_CATALOGUE: Record<ShopKey, MainCategorySeed[]> = {
  default: [
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
          features: [
            'Brews in under 4 minutes',
            'Keeps warm for 2 hours',
            'Dishwasher-safe parts',
            'BPA-free',
          ],
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
  ],
  pc: [
    {
      main: 'Components',
      subs: [
        {
          category: 'Processors',
          icon: 'chip',
          price: [99, 699],
          titles: [
            'Ryzon 7 7800 8-Core Desktop Processor',
            'Core Ultra 5 245 14-Core Processor',
            'Ryzon 5 7600 6-Core Processor with Cooler',
            'Core Ultra 9 285 24-Core Processor',
            'Ryzon 9 7950 16-Core Processor',
          ],
          features: [
            'Boost clock up to 5.4 GHz',
            'PCIe 5.0 support',
            'DDR5 memory support',
            'Unlocked for overclocking',
          ],
        },
        {
          category: 'Graphics Cards',
          icon: 'gpu',
          price: [229, 1599],
          titles: [
            'Gforce RTX 5070 12 GB Triple-Fan Graphics Card',
            'Radeon RX 9070 XT 16 GB Gaming Graphics Card',
            'Gforce RTX 5060 8 GB Compact Graphics Card',
            'Gforce RTX 5080 16 GB OC Edition',
            'Arc B580 12 GB Graphics Card',
          ],
          features: [
            'Ray tracing cores',
            'HDMI 2.1 and DisplayPort 2.1',
            'Zero-RPM fan mode',
            'Reinforced backplate',
          ],
        },
        {
          category: 'Motherboards',
          icon: 'board',
          price: [109, 459],
          titles: [
            'B650 ATX Motherboard with Wi-Fi 6E',
            'Z890 Gaming Motherboard, DDR5, PCIe 5.0',
            'B760M Micro-ATX Motherboard',
            'X870E Creator Motherboard with 10 GbE',
            'A620 Mini-ITX Motherboard',
          ],
          features: ['Four M.2 slots', 'USB4 rear ports', '2.5 GbE LAN', 'BIOS flashback button'],
        },
        {
          category: 'Memory',
          icon: 'ram',
          price: [39, 299],
          titles: [
            'Vengeful 32 GB (2x16) DDR5-6000 CL30 RGB',
            'Fury 16 GB (2x8) DDR4-3200 Desktop Memory',
            'Vengeful 64 GB (2x32) DDR5-6400 Kit',
            'Value 8 GB DDR4-2666 Desktop Memory',
            'Ripjaw 48 GB (2x24) DDR5-7200',
          ],
          features: [
            'XMP and EXPO profiles',
            'Aluminium heat spreader',
            'Lifetime warranty',
            'Tested for stability',
          ],
        },
      ],
    },
    {
      main: 'Storage',
      subs: [
        {
          category: 'SSDs',
          icon: 'ssd',
          price: [49, 349],
          titles: [
            '990 Pro 2 TB PCIe 4.0 NVMe SSD',
            'SN850X 1 TB NVMe Gaming SSD with Heatsink',
            'MX500 1 TB SATA 2.5" SSD',
            'T705 4 TB PCIe 5.0 NVMe SSD',
            'P3 Plus 500 GB NVMe SSD',
          ],
          features: ['Up to 7,450 MB/s reads', '5-year warranty', 'Hardware encryption', 'Low power draw'],
        },
        {
          category: 'Hard Drives',
          icon: 'hdd',
          price: [54, 329],
          titles: [
            'IronWolf 8 TB NAS Hard Drive, 7200 RPM',
            'BarraCuda 2 TB Internal Hard Drive',
            'Red Plus 4 TB NAS Hard Drive',
            'Portable 5 TB USB 3.0 External Drive',
            'Exos 16 TB Enterprise Hard Drive',
          ],
          features: ['256 MB cache', 'Built for 24/7 operation', 'Data recovery service', 'Quiet operation'],
        },
      ],
    },
    {
      main: 'Peripherals',
      subs: [
        {
          category: 'Keyboards',
          icon: 'keyboard',
          price: [29, 229],
          titles: [
            'Apex 75 Hot-Swap Mechanical Keyboard, RGB',
            'Low-Profile Wireless Keyboard for Three Devices',
            'TKL Gaming Keyboard with Linear Switches',
            'Ergo Split Keyboard with Palm Rest',
            'Compact 60% Keyboard, Brown Switches',
          ],
          features: [
            'Hot-swappable switches',
            'PBT double-shot keycaps',
            'Per-key RGB',
            'USB-C detachable cable',
          ],
        },
        {
          category: 'Mice',
          icon: 'mouse',
          price: [19, 159],
          titles: [
            'Viper Ultralight Wireless Gaming Mouse, 54 g',
            'MX Ergo Vertical Wireless Mouse',
            'Silent Click Wireless Mouse, 2.4 GHz',
            'G502 Wired Gaming Mouse with Weights',
            'Travel Bluetooth Mouse, Foldable',
          ],
          features: ['26K DPI optical sensor', '90-hour battery', 'PTFE feet', 'Programmable buttons'],
        },
        {
          category: 'Monitors',
          icon: 'monitor',
          price: [129, 899],
          titles: [
            '27" QHD 170 Hz IPS Gaming Monitor',
            '32" 4K UHD USB-C Monitor with KVM',
            '24" 1080p 100 Hz Eye-Care Monitor',
            '34" Ultrawide Curved QD-OLED Monitor',
            '27" 4K 160 Hz Dual-Mode Monitor',
          ],
          features: ['1 ms response time', 'HDR400', 'Height-adjustable stand', 'Built-in USB hub'],
        },
      ],
    },
  ],
  smart: [
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
          features: [
            'No hub required',
            'Schedules and away mode',
            'Voice assistant support',
            'Energy reports',
          ],
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
          features: [
            'Temperature sensing',
            'No subscription',
            'Water resistant to 100 m',
            'Wireless charging',
          ],
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
  ],
  ayz: [
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
            '30-day returns',
            'Ships in 2 days',
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
            '30-day returns',
            'Ships in 2 days',
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
          features: ['Battery health above 90%', 'Freshly reset', 'Charger included', '30-day returns'],
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
          features: ['No dead pixels', 'Stand and cables included', 'Tested on all inputs', '30-day returns'],
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
            '30-day returns',
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
          features: ['Tested with three games', 'Controller included', 'Freshly reset', '30-day returns'],
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
          features: ['No stick drift', 'Cleaned and sanitised', 'Cable included', '30-day returns'],
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
          features: ['Tested and cleaned', 'New filter fitted', 'All attachments included', '30-day returns'],
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
          features: ['Tested and cleaned', 'Manual included', 'Box may show wear', '30-day returns'],
        },
      ],
    },
  ],
};
