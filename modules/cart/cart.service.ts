/**
 * The cart: one line per course (its chosen package), at most 20 lines, no owned course. Prices are
 * read from the catalog on every view; an anonymous cart (cookie token) is merged at sign-in.
 */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { isUniqueViolation, nowIso } from '../../db/connect.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { describePackageLabel } from '../../lib/format/price-periods.ts';
import type { CourseService, PurchasablePod } from '../catalog/course.service.ts';
import type { EnrolmentsService } from '../enrolments/index.ts';
import * as repo from './cart.repository.ts';

export const MAX_CART_LINES = 20;
export const CART_MESSAGES = {
  podNotFound: 'Không tìm thấy gói học này hoặc gói đã ngừng bán.',
  owned: 'Bạn đã sở hữu khóa học này, không cần mua lại.',
  duplicate: 'Khóa học này đã có trong giỏ hàng.',
  full: `Giỏ hàng chỉ chứa tối đa ${MAX_CART_LINES} khóa học.`,
  free: 'Khóa học này miễn phí, bạn có thể vào học ngay.',
  notInCart: 'Gói học này không có trong giỏ hàng.',
};

/** Who owns the cart: a signed-in learner, or an anonymous visitor's cookie token. */
export interface CartOwner {
  userId?: number | undefined;
  token?: string | undefined;
}

export interface CartLine {
  id: number;
  pod_id: number;
  course: {
    id: number;
    slug: string;
    title: string;
    type: string;
    thumbnail: string | null;
    category_id: number | null;
  };
  pod: { id: number; name: string | null; cycle: number; price: number; payment_type: string };
  package_label: string;
  price: number;
}

export interface CartView {
  items: CartLine[];
  subtotal: number;
  total: number;
}

export type CartService = ReturnType<typeof createCartService>;

export function toCartLine(id: number, pod: PurchasablePod): CartLine {
  return {
    id,
    pod_id: pod.pod_id,
    course: {
      id: pod.course_id,
      slug: pod.slug,
      title: pod.title,
      type: pod.type,
      thumbnail: pod.thumbnail,
      category_id: pod.category_id,
    },
    pod: { id: pod.pod_id, name: pod.pod_name, cycle: pod.cycle, price: pod.price, payment_type: pod.payment_type },
    package_label: pod.pod_name ?? describePackageLabel(pod.cycle),
    price: pod.price,
  };
}

export function createCartService(deps: {
  db: Kysely<Database>;
  course: CourseService;
  enrolments: EnrolmentsService;
}) {
  const { db, course, enrolments } = deps;

  async function findCartId(owner: CartOwner, create: boolean): Promise<number | null> {
    const by = owner.userId !== undefined ? { userId: owner.userId } : owner.token ? { token: owner.token } : null;
    if (!by) return null;
    const cart = await repo.findCart(db, by);
    if (cart) return cart.id;
    if (!create) return null;
    try {
      return await repo.insertCart(db, by, nowIso());
    } catch (error) {
      // Two first requests raced: the other one created it.
      if (!isUniqueViolation(error)) throw error;
      return (await repo.findCart(db, by))?.id ?? null;
    }
  }

  /** The lines with today's prices; lines whose package is gone or whose course is now owned are dropped. */
  async function view(owner: CartOwner): Promise<CartView> {
    const cartId = await findCartId(owner, false);
    if (cartId === null) return { items: [], subtotal: 0, total: 0 };
    const rows = await repo.listItems(db, cartId);
    const pods = await course.findPurchasablePods(rows.map((row) => row.pod_id));
    const owned = owner.userId
      ? new Set(
          await enrolments.listOwnedCourseIds(
            owner.userId,
            rows.map((row) => row.course_id),
          ),
        )
      : new Set<number>();
    const stale = rows.filter((row) => !pods.has(row.pod_id) || owned.has(row.course_id));
    if (stale.length > 0) await repo.deleteItems(db, cartId, { podIds: stale.map((row) => row.pod_id) });
    const items = rows.filter((row) => !stale.includes(row)).map((row) => toCartLine(row.id, pods.get(row.pod_id)!));
    const subtotal = items.reduce((sum, item) => sum + item.price, 0);
    return { items, subtotal, total: subtotal };
  }

  async function add(owner: CartOwner, podId: number): Promise<CartView> {
    const pod = (await course.findPurchasablePods([podId])).get(podId);
    if (!pod) throw new AppError('NOT_FOUND', CART_MESSAGES.podNotFound, { pod_id: CART_MESSAGES.podNotFound });
    if (pod.price === 0) throw new AppError('BUSINESS_RULE', CART_MESSAGES.free, { pod_id: CART_MESSAGES.free });
    if (owner.userId !== undefined && (await enrolments.owns(owner.userId, pod.course_id))) {
      throw new AppError('CONFLICT', CART_MESSAGES.owned, { pod_id: CART_MESSAGES.owned });
    }
    const cartId = (await findCartId(owner, true))!;
    const rows = await repo.listItems(db, cartId);
    const sameCourse = rows.find((row) => row.course_id === pod.course_id);
    if (sameCourse?.pod_id === podId) {
      throw new AppError('CONFLICT', CART_MESSAGES.duplicate, { pod_id: CART_MESSAGES.duplicate });
    }
    if (!sameCourse && rows.length >= MAX_CART_LINES) {
      throw new AppError('BUSINESS_RULE', CART_MESSAGES.full, { pod_id: CART_MESSAGES.full });
    }
    await repo.upsertItem(db, cartId, pod.course_id, podId, nowIso());
    return view(owner);
  }

  async function remove(owner: CartOwner, podId: number): Promise<CartView> {
    const cartId = await findCartId(owner, false);
    const result = cartId === null ? [] : await repo.deleteItems(db, cartId, { podIds: [podId] });
    if (result.every((row) => Number(row.numDeletedRows) === 0)) {
      throw new AppError('NOT_FOUND', CART_MESSAGES.notInCart, { pod_id: CART_MESSAGES.notInCart });
    }
    return view(owner);
  }

  /**
   * Moves an anonymous cart's lines into the learner's cart, skipping owned courses. A course in both
   * takes the anonymous line's package: that is the choice made just before signing in ("Mua ngay").
   */
  async function mergeAnonymous(userId: number, token: string): Promise<void> {
    const anonymous = await repo.findCart(db, { token });
    if (!anonymous) return;
    const lines = await repo.listItems(db, anonymous.id);
    const cartId = (await findCartId({ userId }, true))!;
    const present = new Set((await repo.listItems(db, cartId)).map((row) => row.course_id));
    const owned = new Set(
      await enrolments.listOwnedCourseIds(
        userId,
        lines.map((line) => line.course_id),
      ),
    );
    const now = nowIso();
    for (const line of lines) {
      if (owned.has(line.course_id)) continue;
      if (!present.has(line.course_id) && present.size >= MAX_CART_LINES) continue;
      await repo.upsertItem(db, cartId, line.course_id, line.pod_id, now);
      present.add(line.course_id);
    }
    await repo.deleteCart(db, anonymous.id);
  }

  /**
   * The number of lines the cart shows (the header's count): the learner's or the anonymous cart's,
   * and for a learner still holding an anonymous cart's cookie, the lines it will bring in at merge.
   */
  async function count(userId: number | undefined, token: string | undefined): Promise<number> {
    const own = userId === undefined ? [] : (await view({ userId })).items;
    if (!token) return own.length;
    const anonymous = (await view({ token })).items;
    if (userId === undefined) return anonymous.length;
    const present = new Set(own.map((item) => item.course.id));
    const owned = new Set(
      await enrolments.listOwnedCourseIds(
        userId,
        anonymous.map((item) => item.course.id),
      ),
    );
    const joining = anonymous.filter((item) => !present.has(item.course.id) && !owned.has(item.course.id));
    return Math.min(MAX_CART_LINES, own.length + joining.length);
  }

  return {
    view,
    add,
    remove,
    mergeAnonymous,
    count,
    newToken: () => randomBytes(24).toString('base64url'),
    /** Empties the lines of these courses (after an order was placed for them). */
    async removeCourses(userId: number, courseIds: number[]) {
      const cartId = await findCartId({ userId }, false);
      if (cartId !== null) await repo.deleteItems(db, cartId, { courseIds });
    },
  };
}
