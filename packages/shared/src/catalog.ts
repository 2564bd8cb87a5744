/**
 * Reference constants of the business: species, breeds, services, slots,
 * thresholds and policy figures (spec 000 §3, §9 and spec 001 §9).
 */

export const SPECIES = ['dog', 'cat', 'bird', 'fish', 'rabbit', 'reptile', 'hamster', 'other'] as const;
export type Species = (typeof SPECIES)[number];

/** The staff add-pet form offers only these two species. */
export const ADD_FORM_SPECIES = ['dog', 'other'] as const;

export const SEXES = ['Male', 'Female'] as const;
export type Sex = (typeof SEXES)[number];

export const SEGMENTS = ['Day Care', 'Veterinary'] as const;
export type Segment = (typeof SEGMENTS)[number];

export const OTHER_BREED = 'Other';

/**
 * The 54 dog breeds of the add and edit forms (including Indian breeds), exactly as the business's existing web
 * client offers and sends them (spec 000 §3; shared/reference/dog-breeds.txt), in its order; 'Other' is offered
 * after them. Pets stored under older spellings were migrated (migration 0007_dog_breed_names).
 */
export const DOG_BREEDS = [
  'Labrador Retriever',
  'German Shepherd',
  'Golden Retriever',
  'Shih Tzu',
  'Siberian Husky',
  'Poodle (Toy, Miniature, Standard)',
  'Maltipoo',
  'Pug',
  'Beagle',
  'Rottweiler',
  'Doberman Pinscher',
  'Boxer',
  'Great Dane',
  'Saint Bernard',
  'Cocker Spaniel',
  'Lhasa Apso',
  'Dachshund',
  'Chihuahua (Teacup & Standard)',
  'Pitbull Terrier',
  'Akita Inu',
  'Dalmatian',
  'French Bulldog',
  'English Bulldog',
  'Border Collie',
  'Bullmastiff',
  'Alaskan Malamute',
  'Cane Corso',
  'Belgian Malinois',
  'Pomeranian (including Toy Pomeranian)',
  'Yorkshire Terrier',
  'American Eskimo Dog',
  'Boston Terrier',
  'Afghan Hound',
  'Cavalier King Charles Spaniel',
  'Maltese',
  'Samoyed',
  'Newfoundland',
  'West Highland White Terrier (Westie)',
  'Miniature Schnauzer',
  'Bernese Mountain Dog',
  'Irish Setter',
  'Basset Hound',
  'Scottish Terrier',
  'Havanese',
  'Weimaraner',
  'Jack Russell Terrier',
  'Bloodhound',
  'Whippet',
  'Shetland Sheepdog',
  'Shiba Inu',
  'Indian Spitz',
  'Rajapalayan',
  'Gaddi Kutta',
  'Indie',
] as const;

/** Breeds per species as offered by the breed filter and the customer forms. */
export const BREEDS_BY_SPECIES: Record<Species, readonly string[]> = {
  dog: ['Labrador Retriever', 'German Shepherd', 'Golden Retriever', 'Bulldog', 'Beagle', 'Poodle'],
  cat: ['Persian', 'Maine Coon', 'Siamese', 'Ragdoll', 'Sphynx', 'British Shorthair'],
  bird: ['Parrot', 'Canary', 'Cockatiel', 'Finch', 'Budgerigar'],
  fish: ['Betta Fish', 'Goldfish', 'Guppy', 'Angelfish', 'Cichlid'],
  rabbit: ['Himalayan', 'Holland Lop', 'Mini Rex', 'Netherland Dwarf'],
  reptile: ['Bearded Dragon', 'Leopard Gecko', 'Corn Snake', 'Chameleon', 'Turtle'],
  hamster: ['Syrian Hamster', 'Dwarf Hamster', 'Roborovski Hamster'],
  other: ['Other'],
};

/** Visit purposes (visit types) in the order the New Visit select lists them. */
export const PURPOSES = [
  'Inquiry',
  'Dog Park',
  'Veterinary',
  'Hostel',
  'Day Care',
  'Day School',
  'Play School',
  'Grooming',
  'Shop',
  'Buy Subscription',
] as const;
export type Purpose = (typeof PURPOSES)[number];

/**
 * The stable code of each visit type. Code keys on the code; screens show the purpose, which an admin may
 * rename. The codes of the existing types are their purposes in snake case.
 */
export const VISIT_TYPE_CODE = {
  Inquiry: 'inquiry',
  'Dog Park': 'dog_park',
  Veterinary: 'veterinary',
  Hostel: 'hostel',
  'Day Care': 'day_care',
  'Day School': 'day_school',
  'Play School': 'play_school',
  Grooming: 'grooming',
  Shop: 'shop',
  'Buy Subscription': 'buy_subscription',
} as const satisfies Record<Purpose, string>;
export type VisitTypeCode = (typeof VISIT_TYPE_CODE)[Purpose];

/** Purposes whose visits board the pet until it is deboarded. */
export const BOARDING_PURPOSES = ['Dog Park', 'Day School', 'Play School', 'Hostel', 'Day Care'] as const;

/** Purposes a customer may book online (all but Buy Subscription, Shop and Inquiry). */
export const NOT_BOOKABLE = ['Buy Subscription', 'Shop', 'Inquiry'] as const;

/** Default visit-type prices in rupees, installed on every new database. */
export interface VisitTypeDefault {
  code: VisitTypeCode;
  purpose: Purpose;
  price: number;
  halfdayPrice: number;
  consultationPricePvt: number;
  consultationPricePvtEmergency: number;
  consultationPriceNgo: number;
  consultationPriceNgoEmergency: number;
  hasSubscription: boolean;
  isBoarding: boolean;
  /** Boarding types: places it can hold at once (admins change it on the prices screen); null = no limit. */
  capacity: number | null;
}

const vt = (
  purpose: Purpose,
  price: number,
  extra: Partial<Omit<VisitTypeDefault, 'code' | 'purpose' | 'price'>> = {},
): VisitTypeDefault => ({
  code: VISIT_TYPE_CODE[purpose],
  purpose,
  price,
  halfdayPrice: 0,
  consultationPricePvt: 0,
  consultationPricePvtEmergency: 0,
  consultationPriceNgo: 0,
  consultationPriceNgoEmergency: 0,
  hasSubscription: false,
  isBoarding: (BOARDING_PURPOSES as readonly string[]).includes(purpose),
  capacity: null,
  ...extra,
});

export const DEFAULT_VISIT_TYPES: readonly VisitTypeDefault[] = [
  vt('Inquiry', 0),
  vt('Dog Park', 350, { capacity: 30 }),
  vt('Veterinary', 500, {
    consultationPricePvt: 500,
    consultationPricePvtEmergency: 1000,
    consultationPriceNgo: 300,
    consultationPriceNgoEmergency: 600,
  }),
  vt('Hostel', 1000, { halfdayPrice: 600, hasSubscription: true, capacity: 20 }),
  vt('Day Care', 1000, { halfdayPrice: 600, hasSubscription: true, capacity: 25 }),
  vt('Day School', 650, { hasSubscription: true, capacity: 20 }),
  vt('Play School', 450, { hasSubscription: true, capacity: 20 }),
  vt('Grooming', 700, { hasSubscription: true }),
  vt('Shop', 0),
  vt('Buy Subscription', 0),
];

/** Default subscription plans (rupees), installed on every new database. */
export const DEFAULT_PLANS: readonly {
  purpose: Purpose;
  name: string;
  price: number;
  duration: number;
  numberOfGroomings: number;
}[] = [
  { purpose: 'Day School', name: 'Day School Monthly', price: 12000, duration: 30, numberOfGroomings: 1 },
  { purpose: 'Day School', name: 'Day School Quarterly', price: 33000, duration: 90, numberOfGroomings: 3 },
  { purpose: 'Play School', name: 'Play School Monthly', price: 8500, duration: 30, numberOfGroomings: 1 },
  { purpose: 'Day Care', name: 'Day Care Monthly', price: 22000, duration: 30, numberOfGroomings: 2 },
  { purpose: 'Hostel', name: 'Hostel 15 Days', price: 13500, duration: 15, numberOfGroomings: 1 },
  { purpose: 'Hostel', name: 'Hostel Monthly', price: 25000, duration: 30, numberOfGroomings: 2 },
  { purpose: 'Grooming', name: 'Grooming Pack of 4', price: 2400, duration: 120, numberOfGroomings: 4 },
];

/** The public service catalogue (home page): duration in minutes, price in rupees. */
/** The public catalogue (`/customerservices/getallservices`); `visitType` is the visit type booking it books (issue 19). */
export const SERVICE_CATALOG: readonly {
  name: string;
  duration: number;
  price: number;
  description: string;
  visitType: VisitTypeCode;
}[] = [
  {
    name: 'Boarding/Hostel',
    duration: 1440,
    price: 1000,
    description: 'Overnight stays in clean, airy suites with supervised play and home-style meals.',
    visitType: 'hostel',
  },
  {
    name: 'Day Boarding/Hostel',
    duration: 1440,
    price: 1000,
    description: 'A full day of care, play and rest while you are at work.',
    visitType: 'day_care',
  },
  {
    name: 'Day School',
    duration: 480,
    price: 650,
    description: 'Structured training, socialisation and enrichment through the day.',
    visitType: 'day_school',
  },
  {
    name: 'Dog Park',
    duration: 180,
    price: 350,
    description: 'Off-leash play in our secure, shaded park with trained handlers.',
    visitType: 'dog_park',
  },
  {
    name: 'Grooming',
    duration: 60,
    price: 700,
    description: 'Bath, blow-dry, brushing, nail trim and ear cleaning by gentle groomers.',
    visitType: 'grooming',
  },
  {
    name: 'Play School',
    duration: 120,
    price: 450,
    description: 'Short, happy sessions of play and learning for puppies and young dogs.',
    visitType: 'play_school',
  },
];

export const OPENING_HOURS = 'Mon-Sun 7:30 AM to 7:30 PM';
export const DROP_OFF_WINDOW = '7:30-9:30 AM';
export const PICK_UP_WINDOW = '5:30-7:30 PM';
export const MIN_AGE_MONTHS = 4;

/** Appointment slots: 09:00 to 12:30 and 14:00 to 18:00 every 30 minutes (17 slots). */
export const APPOINTMENT_SLOTS: readonly string[] = (() => {
  const slots: string[] = [];
  const add = (from: number, to: number) => {
    for (let m = from; m <= to; m += 30) {
      slots.push(`${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`);
    }
  };
  add(9 * 60, 12 * 60 + 30);
  add(14 * 60, 18 * 60);
  return slots;
})();

export const PHONE_RE = /^\d{10}$/;
export const PASSWORD_MIN = 6;

/** Days-left colour thresholds of subscriptions. */
export const DAYS_LEFT_RED = 7;
export const DAYS_LEFT_YELLOW = 30;

export const PET_SEARCH_DEBOUNCE_MS = 1000;
export const SEARCH_DEBOUNCE_MS = 1000;

export const INVENTORY_UNITS = ['ml', 'item', 'tablet', 'mg'] as const;
export type InventoryUnit = (typeof INVENTORY_UNITS)[number];
export const INVENTORY_TYPES = ['disposable', 'syringe', 'medicine', 'vaccine'] as const;
export type InventoryType = (typeof INVENTORY_TYPES)[number];
/** Default reorder level per stock unit. */
export const DEFAULT_REORDER_LEVEL: Record<InventoryUnit, number> = { ml: 100, item: 10, tablet: 20, mg: 500 };

export const CUSTOMER_TYPES = ['pvtltd', 'NGO'] as const;
export type CustomerType = (typeof CUSTOMER_TYPES)[number];
export const CUSTOMER_TYPE_LABEL: Record<CustomerType, string> = { pvtltd: 'Pvt Ltd', NGO: 'NGO' };

export const PAYMENT_TYPES = ['partial_payment', 'advance_payment', 'payment_after_service'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];
export const PAYMENT_METHODS = ['cash', 'payment_link'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const APPOINTMENT_STATUSES = ['pending', 'confirmed', 'completed', 'cancelled'] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

/** Refund policy figures (rupees). */
export const REFUND_POLICY = {
  cancellationDays: 4,
  threshold: 20000,
  deductionBelow: 5000,
  deductionAbove: 7500,
  processingDays: 15,
  damageReportDays: 4,
};

/** Default business identity; overridden by configuration. */
export const DEFAULT_BUSINESS = {
  name: 'Pet DayCare Service',
  city: 'Gurugram',
  address: 'Sector 57, Golf Course Extension Road, Gurugram, Haryana 122011',
  phone: '+91 98100 00000',
  email: 'hello@petdaycare.example',
  gstin: '',
};

/**
 * The demo's GSTIN (Haryana, a valid check character, not a registered business): used only when demo data is
 * added and no BUSINESS_GSTIN is set, so the demo's sales issue GST documents. Never in production.
 */
export const DEMO_GSTIN = '06AAACP1234C1Z5';
