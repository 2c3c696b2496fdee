import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCampaign } from '../../tests/factories/activation.ts';
import { createPaidCourse, createPromotion } from '../../tests/factories/commerce.ts';
import { nextClientAddress } from '../../tests/helpers/auth.ts';
import { createShopper } from '../../tests/helpers/commerce.ts';
import { createTestContext, type TestContext } from '../../tests/helpers/test-app.ts';
import { CAMPAIGN_NOT_FOUND } from './campaigns.service.ts';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t.close();
});

const DAY = 86_400_000;
const campaignData = (slug: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/user/campaign/data.json',
    payload: { slug },
    remoteAddress: nextClientAddress(),
  });

describe('campaign/data.json', () => {
  it("answers a live campaign's courses and usable promotions, in the campaign's order", async () => {
    const [first, second] = [await createPaidCourse(t.db), await createPaidCourse(t.db)];
    const live = await createPromotion(t.db, { is_public: 0 });
    const ended = await createPromotion(t.db, { ends_at: new Date(Date.now() - DAY).toISOString() });
    const soldOut = await createPromotion(t.db, { quantity: 1, used: 1 });
    const campaign = await createCampaign(t.db, { name: 'Học hè rộn ràng', description: 'Ưu đãi mùa hè' }, [
      { kind: 'course', target_id: second.id },
      { kind: 'promotion', target_id: ended.id },
      { kind: 'course', target_id: first.id },
      { kind: 'promotion', target_id: live.id },
      { kind: 'promotion', target_id: soldOut.id },
    ]);
    const response = await campaignData(campaign.slug);
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data.campaign).toMatchObject({ slug: campaign.slug, name: 'Học hè rộn ràng', description: 'Ưu đãi mùa hè' });
    expect(data.courses.map((course: { id: number }) => course.id)).toEqual([second.id, first.id]);
    expect(data.promotions).toEqual([expect.objectContaining({ code: live.code, type: 'percentage', value: 10 })]);
  });

  it('is a 404 for an unknown, switched-off, future or ended campaign', async () => {
    const off = await createCampaign(t.db, { is_active: 0 });
    const future = await createCampaign(t.db, { starts_at: new Date(Date.now() + DAY).toISOString() });
    const past = await createCampaign(t.db, { ends_at: new Date(Date.now() - 1000).toISOString() });
    for (const slug of ['khong-ton-tai', off.slug, future.slug, past.slug]) {
      const response = await campaignData(slug);
      expect(response.statusCode, slug).toBe(404);
      expect(response.json().error.message).toBe(CAMPAIGN_NOT_FOUND);
    }
    expect((await campaignData('')).statusCode).toBe(400);
  });
});

describe('the offers a learner can use (/tai-khoan/uu-dai)', () => {
  it('lists public, live promotions with uses left that fit the learner, not the ones they used up', async () => {
    const shopper = await createShopper(t);
    const usable = await createPromotion(t.db, { name: 'Giảm 10%' });
    const hidden = await createPromotion(t.db, { is_public: 0 });
    const forActive = await createPromotion(t.db, { customer_type: 'user_active' });
    const forNew = await createPromotion(t.db, { customer_type: 'user_inactive' });
    const soldOut = await createPromotion(t.db, { quantity: 2, used: 2 });
    const used = await createPromotion(t.db, { type: 'fixed_price', value: 50_000 });
    const course = await createPaidCourse(t.db);
    await shopper.addToCart(course.podId);
    expect((await shopper.checkout('momo', used.code)).statusCode).toBe(201);

    const codes = (await t.services.promotions.listUsableBy(shopper.user.id)).map((offer) => offer.code);
    expect(codes).toEqual(expect.arrayContaining([usable.code, forNew.code]));
    for (const code of [hidden.code, forActive.code, soldOut.code, used.code]) expect(codes).not.toContain(code);
  });
});
