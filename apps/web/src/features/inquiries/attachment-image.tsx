import { useTranslation } from '@/lib/use-translation.ts';
import { useInquiryFile } from './inquiry-calls.ts';

/** An attached image, fetched when shown (only the member who asked may read it). */
export function AttachmentImage({ id, n }: { id: number; n: number }) {
  const { t } = useTranslation();
  const file = useInquiryFile(id);
  const label = t('inquiries.attachment', { n });
  if (!file.data) return <span className="inquiry-attachment inquiry-attachment--loading" aria-label={label} />;
  return (
    <a href={file.data} target="_blank" rel="noreferrer" className="inquiry-attachment">
      <img src={file.data} alt={label} loading="lazy" />
    </a>
  );
}
