/**
 * Walk-in sales (issue 18): a Shop sale to someone without a pet on file. Every walk-in sale is sold to one owner
 * record, the Walk-in customer (made by a migration with this id, so code can name it), and carries the buyer's name
 * (required) and phone (optional) on the sale itself: the business's walk-in bills. The Walk-in customer is not an
 * owner anyone registers: it has no pets, no account, and owner and pet lists leave it out.
 */
export const WALK_IN_OWNER_ID = '000000000000000000000001';
export const WALK_IN_OWNER_NAME = 'Walk-in customer';
/** The Walk-in customer's phone on file (owners.phone is required and unique; no real number starts with 0). */
export const WALK_IN_OWNER_PHONE = '0000000000';

export const WALK_IN_MESSAGES = {
  buyerName: "Enter the buyer's name",
  buyerNameTooLong: "The buyer's name is too long (at most 100 characters)",
  petAndWalkIn: 'A walk-in sale has no pet: choose the pet or the walk-in customer, not both.',
  onlyShop: 'Only a Shop sale can be made to a walk-in customer.',
  notAnOwner: 'The Walk-in customer is the record walk-in sales are sold to; it cannot be edited.',
  noWallet: 'A walk-in customer has no wallet: take cash, card or a payment link.',
  /** The choice on the Shop form. */
  option: 'Walk-in customer (no pet)',
} as const;

/** True for the Walk-in customer's owner record. */
export const isWalkInOwner = (ownerId: string | null | undefined): boolean => ownerId === WALK_IN_OWNER_ID;

/** A walk-in sale's buyer as answers carry it. */
export interface WalkInBuyerView {
  name: string;
  phone: string | null;
}

/**
 * What Visit History and the visit details answer as the `pet` of a walk-in sale (it has none): the buyer's name in
 * the pet's place and the Walk-in customer as the owner, so a client that reads `pet.name` (the existing client's
 * list) shows the buyer rather than failing; `buyer` says it is a walk-in sale. `_id` is '' (no pet).
 */
export function walkInPetStandIn(buyer: WalkInBuyerView) {
  return {
    _id: '',
    name: buyer.name,
    species: 'Walk-in',
    breed: '',
    color: '',
    dob: null,
    owner: { _id: WALK_IN_OWNER_ID, name: WALK_IN_OWNER_NAME, phone: buyer.phone ?? '', email: null },
  };
}
