import { describe, expect, it } from 'vitest';
import { isWalkInOwner, WALK_IN_OWNER_ID, WALK_IN_OWNER_NAME, walkInPetStandIn } from './walk-in.ts';

describe('walk-in sales', () => {
  it('knows the Walk-in customer by its id', () => {
    expect(isWalkInOwner(WALK_IN_OWNER_ID)).toBe(true);
    expect([null, undefined, '', '000000000000000000000002'].map(isWalkInOwner)).toEqual([false, false, false, false]);
  });

  it("stands the buyer in the pet's place, sold to the Walk-in customer", () => {
    expect(walkInPetStandIn({ name: 'Asha', phone: null })).toEqual({
      _id: '',
      name: 'Asha',
      species: 'Walk-in',
      breed: '',
      color: '',
      dob: null,
      owner: { _id: WALK_IN_OWNER_ID, name: WALK_IN_OWNER_NAME, phone: '', email: null },
    });
    expect(walkInPetStandIn({ name: 'Asha', phone: '9810000000' }).owner.phone).toBe('9810000000');
  });
});
