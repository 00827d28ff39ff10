import { LINE_RESULT } from '@oripa/contract/line';
import { useSearchParams } from 'react-router';
import { LINE_START, useLineSettings } from './line-calls.ts';
import { useLineText } from './line-texts.ts';
import './line.css';

/** LINE's mark: the white speech bubble of the "LINE" button, drawn inline (no outside image). */
export function LineMark() {
  return (
    <svg className="line-button__mark" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M12 3C6.5 3 2 6.6 2 11.1c0 4 3.6 7.4 8.4 8 .3.1.8.2.9.5.1.3.1.7 0 1l-.1.9c0 .3-.2 1 .9.5s5.9-3.5 8.1-6c1.5-1.6 2.2-3.3 2.2-5C22.4 6.6 17.9 3 12 3Z"
      />
      <text x="12" y="13.6" textAnchor="middle" fontSize="5.2" fontWeight="700" fill="#06C755" fontFamily="Arial, sans-serif">
        LINE
      </text>
    </svg>
  );
}

/**
 * "LINEでログイン" / "Log in with LINE" in LINE's button colours (#06C755, white text, the mark
 * left of a divider). Shown only when the shop has a LINE channel; the server takes the browser
 * on to LINE.
 */
export function LineLoginButton() {
  const lt = useLineText();
  const settings = useLineSettings();
  const [params] = useSearchParams();
  const result = params.get('line');
  if (!settings.data?.enabled) return null;
  return (
    <div className="line-login" data-testid="line-login">
      {(result === LINE_RESULT.failed || result === LINE_RESULT.suspended) && (
        <p className="notice-box form-alert" role="alert" data-testid="line-login-refused">
          {lt(result === LINE_RESULT.suspended ? 'suspended' : 'failed')}
        </p>
      )}
      <p className="line-login__or">{lt('or')}</p>
      <a className="line-button" href={LINE_START.login} data-testid="line-login-button">
        <LineMark />
        <span className="line-button__label">{lt('login')}</span>
      </a>
    </div>
  );
}
