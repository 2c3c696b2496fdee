/**
 * The hours bulk messages may reach a learner's phone: 07:00–22:00 Vietnam time. Decree
 * 91/2020/NĐ-CP (spam messages, e-mails and calls), Art. 13, allows advertising messages only in
 * that window; the product holds every message sent to many learners at once to it (decision 0023),
 * while a learner's own messages (codes, receipts, reminders they asked for) go at once.
 */
import { VIETNAM_UTC_OFFSET_MINUTES } from './format/date.ts';

export interface SendingHours {
  /** The first hour (Vietnam time) messages may go, 0–23. */
  from: number;
  /** The hour they stop, 1–24 (`from`–`until` = 0–24: any time). */
  until: number;
}

export const SENDING_HOURS: SendingHours = { from: 7, until: 22 };

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const OFFSET = VIETNAM_UTC_OFFSET_MINUTES * 60_000;

/** `7-22` → { from: 7, until: 22 }; null when it is not such a window. */
export function parseSendingHours(value: string): SendingHours | null {
  const match = /^\s*(\d{1,2})\s*-\s*(\d{1,2})\s*$/.exec(value);
  if (!match) return null;
  const [from, until] = [Number(match[1]), Number(match[2])];
  return from >= 0 && until <= 24 && from < until ? { from, until } : null;
}

/** Null when `now` is inside the window (send now); else the window's next opening (Vietnam time). */
export function nextSendingTime(now: Date, hours: SendingHours = SENDING_HOURS): Date | null {
  const local = now.getTime() + OFFSET;
  const intoDay = ((local % DAY) + DAY) % DAY;
  const hour = Math.floor(intoDay / HOUR);
  if (hour >= hours.from && hour < hours.until) return null;
  const opening = local - intoDay + hours.from * HOUR + (hour >= hours.until ? DAY : 0);
  return new Date(opening - OFFSET);
}
