/** The site analytics script, only when an analytics URL and domain are configured (SPEC §7). */
export function AnalyticsScript({ url, domain, nonce }: { url: string; domain: string; nonce: string | undefined }) {
  return <script defer src={url} data-domain={domain} nonce={nonce} />;
}
