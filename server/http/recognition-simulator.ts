/**
 * The operator's recognition page, simulated for development and demo (ARCHITECTURE.md §5): it
 * decrypts `link` with the shared key, offers test numbers, and sends the visitor back to the back
 * URL with `link=base64(AES(key, msisdn))`, or an empty `link` for "not recognised". It runs the
 * real cipher code; it is never mounted in production.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { formatPhone, normalizePhone } from '../../lib/phone.ts';
import type { IdentityService } from '../../modules/identity/identity.service.ts';
import { decryptRecognition, encryptRecognition } from '../../modules/identity/recognition-cipher.ts';

export const SIMULATOR_PATH = '/__sim/recognition';

/** The demo learner (PRODUCT.md "Demo accounts") and a number with no account. */
const TEST_NUMBERS = [
  { msisdn: '84912345678', note: 'học viên demo, đã có tài khoản' },
  { msisdn: '84987000111', note: 'chưa có tài khoản' },
];

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
const spaced = (msisdn: string) => formatPhone(msisdn).replace(/^(\d{4})(\d{3})(\d{3})$/, '$1 $2 $3');

function page(title: string, body: string): string {
  return `<!doctype html><html lang="vi"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;color:#0f172a}a.choice,button{display:block;margin:.6rem 0;padding:.8rem 1rem;border:1px solid #cbd5e1;border-radius:.75rem;text-decoration:none;color:inherit;background:#fff;font:inherit;text-align:left;width:100%}a.primary{background:#0b5fff;color:#fff;border-color:#0b5fff}small{color:#475569}input{padding:.6rem;border:1px solid #cbd5e1;border-radius:.5rem;font:inherit;width:100%;box-sizing:border-box}.note{background:#fef9c3;padding:.6rem .8rem;border-radius:.5rem}</style></head><body>${body}</body></html>`;
}

export const recognitionSimulator: FastifyPluginAsyncZod<{ identity: IdentityService }> = async (app, { identity }) => {
  const { recognition, publicUrl } = identity.config;
  const query = z.object({
    sp: z.string().max(200).optional(),
    link: z.string().max(4096).optional(),
    msisdn: z.string().max(30).optional(),
  });

  /** The back URL inside `link`, only when it is our own /callback (the simulator is no open redirect). */
  function readBackUrl(link: string | undefined): string | null {
    const backUrl = link ? decryptRecognition(recognition.key, link) : null;
    if (!backUrl) return null;
    return backUrl.startsWith(`${publicUrl}/callback?`) || backUrl === `${publicUrl}/callback` ? backUrl : null;
  }

  const answer = (backUrl: string, msisdn: string | null) =>
    `${backUrl}${backUrl.includes('?') ? '&' : '?'}link=${msisdn ? encodeURIComponent(encryptRecognition(recognition.key, msisdn)) : ''}`;

  app.get(SIMULATOR_PATH, { schema: { hide: true, querystring: query } }, async (request, reply) => {
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    const backUrl = readBackUrl(request.query.link);
    if (!backUrl) {
      return reply
        .status(400)
        .send(
          page(
            'Giả lập nhà mạng',
            '<h1>Liên kết không hợp lệ</h1><p>Tham số <code>link</code> không giải mã được bằng khóa dùng chung, hoặc không trỏ về trang /callback của chúng tôi.</p>',
          ),
        );
    }
    const [first] = TEST_NUMBERS;
    const choices = TEST_NUMBERS.map(
      (test, index) =>
        `<a class="choice${index === 0 ? ' primary' : ''}" href="${escapeHtml(answer(backUrl, test.msisdn))}">Nhận diện là số ${spaced(test.msisdn)} <small>(${escapeHtml(test.note)})</small></a>`,
    ).join('');
    const body = `<p class="note">Trang giả lập dịch vụ nhận diện số thuê bao của nhà mạng, chỉ có ở môi trường phát triển và demo.</p>
<h1>Bạn đang dùng số ${spaced(first!.msisdn)}… (giả lập nhà mạng)</h1>
<p><small>Mã dịch vụ (sp): ${escapeHtml(request.query.sp || '(trống)')} · Quay về: ${escapeHtml(backUrl)}</small></p>
${choices}
<a class="choice" href="${escapeHtml(answer(backUrl, null))}">Không nhận diện được (trả về link rỗng)</a>
<a class="choice" href="${escapeHtml(`${backUrl}&link=khong-giai-ma-duoc`)}">Trả về mã hỏng (kiểm tra xử lý lỗi)</a>
<form method="get" action="${SIMULATOR_PATH}/answer"><input type="hidden" name="link" value="${escapeHtml(request.query.link ?? '')}"><label>Số khác: <input name="msisdn" inputmode="tel" placeholder="09xx xxx xxx"></label><button type="submit">Nhận diện số này</button></form>`;
    return page('Giả lập nhà mạng — nhận diện số thuê bao', body);
  });

  app.get(`${SIMULATOR_PATH}/answer`, { schema: { hide: true, querystring: query } }, async (request, reply) => {
    const backUrl = readBackUrl(request.query.link);
    if (!backUrl) return reply.status(400).type('text/plain; charset=utf-8').send('Liên kết không hợp lệ.');
    return reply.redirect(answer(backUrl, normalizePhone(request.query.msisdn)), 302);
  });
};
