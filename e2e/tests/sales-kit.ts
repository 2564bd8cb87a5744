import type { APIRequestContext } from '@playwright/test';
import { addOwnerWithDog, apiToken, expect, uniqueTag as tag } from './fixtures';

/** A shop sale saved through the API, to be refunded or voided (refunds.spec.ts, keyboard.spec.ts). */

export interface Sale {
  petId: string;
  petName: string;
  visitId: string;
}

/**
 * A shop sale of one item at `price` to a new owner's dog, saved through the API: cash is paid with the save; card
 * is paid as the checkout dialog pays it (an order, the offline checkout's Pay, then verify). `names` gives the pet
 * and its owner names (default: unique made-up ones).
 */
export async function shopSale(
  request: APIRequestContext,
  method: 'cash' | 'card',
  price: number,
  names: { petName?: string; ownerName?: string } = {},
): Promise<Sale> {
  const token = await apiToken(request, 'staff');
  const headers = { authorization: `Bearer ${token}` };
  const petName = names.petName ?? `Rf${tag()}`;
  const petId = (await addOwnerWithDog(request, { ownerName: names.ownerName, pet: { name: petName } })).petIds[0]!;
  const types = await (await request.get('/api/v1/visit/getallvisittypes', { headers })).json();
  const shop = types.visitTypes.find((v: { code: string }) => v.code === 'shop');
  const saved = await request.post('/api/v1/visit/addshopvisit', {
    headers,
    data: {
      petId,
      visitType: shop._id,
      items: [{ name: 'Orthopaedic dog bed', price, quantity: 1, category: 'Bedding' }],
      details: { totalCalculatedPrice: price, selectedPayment: method },
    },
  });
  expect(saved.status(), await saved.text()).toBe(201);
  const visitId: string = (await saved.json()).visit._id;
  if (method === 'card') {
    const order = await request.post('/api/v1/payments/create-order', { headers, data: { notes: { visitId } } });
    expect(order.status(), await order.text()).toBe(200);
    const orderId: string = (await order.json()).order.id;
    const paid = await request.post(`/api/v1/payments/offline/checkout/${orderId}/pay`, {
      headers,
      data: { outcome: 'success' },
    });
    expect(paid.status(), await paid.text()).toBe(200);
    const { razorpay_order_id, razorpay_payment_id, razorpay_signature } = await paid.json();
    const verified = await request.post('/api/v1/payments/verify-payment', {
      headers,
      data: { razorpay_order_id, razorpay_payment_id, razorpay_signature, visitId },
    });
    expect(verified.status(), await verified.text()).toBe(200);
  }
  return { petId, petName, visitId };
}
