import * as api from '@oripa/contract/api-paths';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Modal } from '@/components/modal.tsx';
import { PageFrame } from '@/components/page-frame.tsx';
import { useFormState } from '@/lib/form-state.ts';
import { withLoading } from '@/lib/loading.ts';
import { useTranslation } from '@/lib/use-translation.ts';
import { submit } from '../api/account-calls.ts';
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
  const f = useFormState({ pass: '', confirmPass: '' });
  const [changed, setChanged] = useState(false);

  const onSubmit = async () => {
    const { pass, confirmPass } = f.values;
    const result = await withLoading(() => submit(api.changePassword, { pass, confirmPass }));
    if (!f.settle(result)) return;
    f.setValues({ pass: '', confirmPass: '' });
    setChanged(true);
  };

  const backToMyPage = () => navigate('/my-page');

  return (
    <PageFrame title={t('accounts.changePassword.title')} lead={t('accounts.changePassword.lead')} narrow>
      <form {...f.formProps(onSubmit)} className="surface-card account-card" data-testid="change-password-form">
        <NewPasswordFields values={f.values} onChange={f.change} form={f} alert />
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
