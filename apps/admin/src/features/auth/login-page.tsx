import { useState } from 'react';
import { Alert, Button, Form, Input, Typography } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { adminLoginEndpoint } from '@lobby/contracts';
import { ApiError } from '../../lib/api-client.ts';
import { useApi } from '../../lib/api-context.tsx';
import { useSession } from '../../lib/session.tsx';
import { AuthCard } from './auth-card.tsx';

type Credentials = { username: string; password: string };
type Step = 'password' | 'totp' | 'recovery';

/** Where to go after logging in: the page the operator was sent away from, inside the console. */
function returnPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : '/';
}

/**
 * Username and password; when the operator has TOTP on, the API answers `totp_required` and the
 * screen asks for the 6-digit code (or a recovery code) and logs in again with it. An operator
 * who must enrol goes on to the enrolment screen.
 */
export default function LoginPage() {
  const { t } = useTranslation('auth');
  const { t: tApp } = useTranslation('app');
  const api = useApi();
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [step, setStep] = useState<Step>('password');
  const [credentials, setCredentials] = useState<Credentials | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function login(body: Credentials & { totp?: string; recoveryCode?: string }) {
    setBusy(true);
    setFailure(null);
    try {
      const { token, operator } = await api.call(adminLoginEndpoint, { body });
      session.signIn(token, operator);
      void navigate(operator.totpEnrolmentRequired ? '/enrol' : returnPath(location.state), {
        replace: true,
      });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'totp_required') {
        setCredentials({ username: body.username, password: body.password });
        setStep('totp');
      } else {
        setFailure(error instanceof Error ? error.message : String(error));
      }
    } finally {
      setBusy(false);
    }
  }

  const notice =
    session.notice === 'session_ended'
      ? tApp('sessionEnded')
      : session.notice === 'logged_out'
        ? tApp('loggedOut')
        : null;

  return (
    <AuthCard title={step === 'password' ? t('loginTitle') : t('totpTitle')}>
      {notice && step === 'password' ? (
        <Alert type="info" showIcon title={notice} style={{ marginBottom: 16 }} />
      ) : null}
      {step === 'password' ? (
        <Form<Credentials>
          layout="vertical"
          size="large"
          onFinish={(values) => void login(values)}
          initialValues={credentials ?? undefined}
        >
          <Form.Item
            name="username"
            label={t('username')}
            rules={[{ required: true, whitespace: true, message: t('usernameRequired') }]}
          >
            <Input prefix={<UserOutlined />} autoComplete="username" autoFocus />
          </Form.Item>
          <Form.Item
            name="password"
            label={t('password')}
            rules={[{ required: true, message: t('passwordRequired') }]}
          >
            <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy}>
            {t('login')}
          </Button>
        </Form>
      ) : (
        <SecondFactorForm
          step={step}
          username={credentials?.username ?? ''}
          busy={busy}
          onSubmit={(factor) => credentials && void login({ ...credentials, ...factor })}
          onSwitch={() => {
            setFailure(null);
            setStep(step === 'totp' ? 'recovery' : 'totp');
          }}
          onBack={() => {
            setFailure(null);
            setStep('password');
          }}
        />
      )}
      {failure ? (
        <Alert type="error" showIcon title={failure} style={{ marginTop: 16 }} role="alert" />
      ) : null}
    </AuthCard>
  );
}

function SecondFactorForm({
  step,
  username,
  busy,
  onSubmit,
  onSwitch,
  onBack,
}: {
  step: 'totp' | 'recovery';
  username: string;
  busy: boolean;
  onSubmit: (factor: { totp: string } | { recoveryCode: string }) => void;
  onSwitch: () => void;
  onBack: () => void;
}) {
  const { t } = useTranslation('auth');
  return (
    <Form<{ totp?: string; recoveryCode?: string }>
      key={step}
      layout="vertical"
      size="large"
      onFinish={(values) =>
        onSubmit(
          step === 'totp'
            ? { totp: values.totp ?? '' }
            : { recoveryCode: (values.recoveryCode ?? '').trim() },
        )
      }
    >
      <Typography.Paragraph type="secondary">
        {step === 'totp' ? t('totpHint', { username }) : t('recoveryHint')}
      </Typography.Paragraph>
      {step === 'totp' ? (
        <Form.Item
          name="totp"
          label={t('totpCode')}
          rules={[{ required: true, pattern: /^\d{6}$/, message: t('totpRequired') }]}
        >
          <Input.OTP length={6} autoFocus />
        </Form.Item>
      ) : (
        <Form.Item
          name="recoveryCode"
          label={t('recoveryCode')}
          rules={[
            {
              required: true,
              pattern: /^\s*[A-Za-z2-9]{4}-?[A-Za-z2-9]{4}\s*$/,
              message: t('recoveryRequired'),
            },
          ]}
        >
          <Input autoComplete="one-time-code" autoFocus placeholder="ABCD-EFGH" />
        </Form.Item>
      )}
      <Button type="primary" htmlType="submit" block loading={busy}>
        {t('verify')}
      </Button>
      <div style={{ display: 'flex', justifyContent: 'space-between', marginTop: 12 }}>
        <Button type="link" onClick={onBack} style={{ paddingInline: 0 }}>
          {t('back')}
        </Button>
        <Button
          type="link"
          onClick={onSwitch}
          style={{ paddingInline: 0 }}
          data-testid={step === 'totp' ? 'use-recovery' : 'use-totp'}
        >
          {step === 'totp' ? t('useRecovery') : t('useTotp')}
        </Button>
      </div>
    </Form>
  );
}
