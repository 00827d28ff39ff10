import * as api from '@oripa/contract/api-paths';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Modal } from '@/components/modal.tsx';
import { PageFrame } from '@/components/page-frame.tsx';
import { withLoading } from '@/lib/loading.ts';
import { submit } from '../api/account-calls.ts';
import { useFormErrors } from '../components/form-errors.tsx';
import { MyPageFormActions } from '../components/my-page-form-actions.tsx';
import { NewPasswordFields } from '../components/new-password-fields.tsx';
import '../accounts.css';

/**
 * /change-password (spec section 2): the new password and its confirmation
 * (POST /user/change_password; the member's other sessions end). Done, it goes back to my page.
 */
export function ChangePasswordScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [pass, setPass] = useState('');
  const [confirmPass, setConfirmPass] = useState('');
  const [changed, setChanged] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const { errors, report, errorOf, clear } = useFormErrors(form);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await withLoading(() => submit(api.changePassword, { pass, confirmPass }));
    if (!result.ok) {
      report(result.errors);
      return;
    }
    setPass('');
    setConfirmPass('');
    setChanged(true);
  };

  const backToMyPage = () => navigate('/my-page');

  return (
    <PageFrame title={t('accounts.changePassword.title')} lead={t('accounts.changePassword.lead')} narrow>
      <form
        ref={form}
        className="account-card"
        onSubmit={(e) => void onSubmit(e)}
        noValidate
        data-testid="change-password-form"
      >
        <NewPasswordFields
          pass={pass}
          confirmPass={confirmPass}
          onPass={setPass}
          onConfirmPass={setConfirmPass}
          errors={errors}
          errorOf={errorOf}
          clear={clear}
        />
        <MyPageFormActions
          submitLabel={t('accounts.changePassword.submit')}
          submitTestId="change-password-submit"
        />
      </form>
      <Modal
        open={changed}
        onClose={backToMyPage}
        role="alertdialog"
        title={t('accounts.changePassword.doneTitle')}
        actions={
          <button type="button" className="btn btn--gold" onClick={backToMyPage} data-testid="alert-ok">
            {t('common.ok')}
          </button>
        }
      >
        <p data-testid="alert-message">{t('accounts.changePassword.done')}</p>
      </Modal>
    </PageFrame>
  );
}
