import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { NotFoundScreen } from './not-found-screen';
import { isRecoverableLoadError, reloadOnce } from './reload';

interface ErrorScreenProps {
  status: number;
  message: string;
  /** Set for errors that are not a deliberate response: they lead to /404 (SPEC §2, §8). */
  error?: unknown;
}

/**
 * The global error screen: status code, message, and 'Quay về trang chủ'. A 404 is the not-found
 * screen, its message (SPEC §8) kept as the technical line.
 */
export function ErrorScreen({ status, message, error }: ErrorScreenProps) {
  const navigate = useNavigate();
  useEffect(() => {
    if (error === undefined) return;
    if (isRecoverableLoadError(error) && reloadOnce(window.location.href)) return;
    console.warn('[shell] lỗi không hiển thị được, chuyển tới /404', error);
    void navigate('/404', { replace: true });
  }, [error, navigate]);

  if (status === 404 && error === undefined) return <NotFoundScreen technical={message} />;
  return (
    <div className="mx-auto flex min-h-[60dvh] max-w-xl flex-col items-center justify-center gap-4 px-4 py-16 text-center">
      <p className="text-7xl font-extrabold text-brand-600" data-testid="error-status">
        {status}
      </p>
      <h1 className="text-xl font-semibold text-slate-800" data-testid="error-message">
        {message}
      </h1>
      <Link to="/" className="btn-primary">
        Quay về trang chủ
      </Link>
    </div>
  );
}
