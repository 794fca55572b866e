/** The PC Build's demo products, by main and sub-category. */
import type { MainCategorySeed } from './types.js';

export const PC_BUILD: MainCategorySeed[] = [
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
];
