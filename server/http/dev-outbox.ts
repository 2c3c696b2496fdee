/** The development and demo outbox: SMS and e-mails the product "sent", never in production. */
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../modules/services.ts';

const STATES = { queued: 'Chờ gửi', sending: 'Đang gửi', sent: 'Đã gửi' } as const;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export function registerDevOutbox(app: FastifyInstance, services: Services): void {
  app.get('/__dev/outbox.json', { schema: { hide: true } }, async () => ({
    data: await services.messaging.listOutbox(),
  }));
  app.get('/__dev/outbox', { schema: { hide: true } }, async (_request, reply) => {
    const messages = await services.messaging.listOutbox();
    const rows = messages
      .map(
        (message) =>
          `<tr><td>${escapeHtml(message.created_at)}</td><td>${message.transport === 'zns' ? 'Zalo (ZNS)' : message.channel === 'sms' ? 'SMS' : 'Email'}</td><td>${escapeHtml(message.recipient)}</td><td>${STATES[message.state]}${message.error ? `<br><small>${escapeHtml(message.error)}</small>` : ''}</td><td><strong>${escapeHtml(message.subject ?? '')}</strong><pre>${escapeHtml(message.body)}</pre></td></tr>`,
      )
      .join('');
    reply.type('text/html; charset=utf-8');
    return `<!doctype html><html lang="vi"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Hộp thư đi (chỉ môi trường phát triển)</title><style>body{font-family:system-ui,sans-serif;margin:1rem}table{border-collapse:collapse;width:100%}td,th{border:1px solid #ccc;padding:.4rem;vertical-align:top;text-align:left}pre{white-space:pre-wrap;margin:.3rem 0 0}</style></head><body><h1>Hộp thư đi</h1><p>Tin nhắn SMS và email hệ thống gửi, mỗi tin do một tác vụ nền chuyển đi (chỉ có ở môi trường phát triển và demo).</p><table><thead><tr><th>Thời gian</th><th>Kênh</th><th>Người nhận</th><th>Trạng thái</th><th>Nội dung</th></tr></thead><tbody>${rows || '<tr><td colspan="5">Chưa có tin nào.</td></tr>'}</tbody></table></body></html>`;
  });
}
