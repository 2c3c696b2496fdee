import { Link, redirect, useRouteLoaderData } from 'react-router';
import { CertificateSheet, PdfLink } from '../components/certificates/certificate-card';
import { buildMeta } from '../meta';
import { notFound } from '../not-found.server';
import type { RootData } from '../root';
import type { Route } from './+types/certificate-print';

/** /chung-chi/{code}/in: the certificate alone, laid out for A4 landscape paper. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const certificate = await context.services.certificates.verify(params.code);
  if (!certificate) notFound(request);
  // A revoked certificate is not printed: its verification page says why.
  if (certificate.revoked) throw redirect(`/chung-chi/${certificate.code}`);
  return { certificate };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  buildMeta(matches, { title: loaderData ? `In chứng chỉ ${loaderData.certificate.code}` : 'In chứng chỉ' });

const PRINT_CSS = `@page { size: A4 landscape; margin: 0; }
@media print {
  html, body { background: #fff !important; }
  .certificate-sheet { width: 297mm; height: 210mm; max-width: none; border-radius: 0; margin: 0; box-sizing: border-box; page-break-inside: avoid; }
}`;

export default function CertificatePrintPage({ loaderData }: Route.ComponentProps) {
  const root = useRouteLoaderData('root') as RootData | undefined;
  const { certificate } = loaderData;
  return (
    <main id="noi-dung" className="min-h-dvh bg-slate-100 p-4 print:bg-white print:p-0">
      <style>{PRINT_CSS}</style>
      <div className="mx-auto mb-4 flex max-w-4xl flex-wrap items-center justify-between gap-3 print:hidden">
        <Link to={`/chung-chi/${certificate.code}`} className="font-semibold text-brand-700">
          ← Quay lại trang xác minh
        </Link>
        <div className="flex gap-3">
          <button type="button" className="btn-primary" onClick={() => window.print()}>
            In chứng chỉ
          </button>
          <PdfLink href={certificate.pdf_url} />
        </div>
      </div>
      <CertificateSheet certificate={certificate} siteName={root?.config.siteName ?? 'Khai Trí'} />
    </main>
  );
}
