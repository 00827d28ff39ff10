import { INQUIRY_FILE_TYPES } from '@oripa/contract/inquiries';
import { useTranslation } from '@/lib/use-translation.ts';

interface AttachmentInputProps {
  id: string;
  error: string | undefined;
  onChange: (files: File[]) => void;
}

/**
 * The images of a message (up to 3, 2 MB each): the browser offers images only, and the server
 * checks each file's bytes, so its refusal is the one shown.
 */
export function AttachmentInput({ id, error, onChange }: AttachmentInputProps) {
  const { t } = useTranslation();
  return (
    <div className={error ? 'inquiry-field has-error' : 'inquiry-field'}>
      <label htmlFor={id} className="inquiry-field__label">
        {t('inquiries.files')}
      </label>
      <input
        id={id}
        name="file"
        type="file"
        multiple
        accept={INQUIRY_FILE_TYPES.join(',')}
        className="inquiry-field__file"
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        onChange={(event) => onChange(Array.from(event.target.files ?? []))}
        data-testid="inquiry-files"
      />
      <p id={`${id}-hint`} className="inquiry-field__hint">
        {t('inquiries.filesHint')}
      </p>
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
