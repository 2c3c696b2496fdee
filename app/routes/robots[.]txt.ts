import type { Route } from './+types/robots[.]txt';

export function loader({ context }: Route.LoaderArgs) {
  const body = [
    'User-agent: *',
    'Disallow: /tai-khoan',
    'Disallow: /gio-hang/thanh-toan',
    'Disallow: /vao-hoc/',
    'Disallow: /ca-nhan.json',
    'Disallow: /api/',
    'Allow: /',
    '',
    `Host: ${context.config.publicUrl}`,
    `Sitemap: ${context.config.publicUrl}/sitemap.xml`,
  ].join('\n');
  return new Response(body, {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}
