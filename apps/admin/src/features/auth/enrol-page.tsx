import { useState } from 'react';
import { Alert, App, Button, Checkbox, Flex, Form, Input, Typography } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  adminMeEndpoint,
  adminTotpConfirmEndpoint,
  adminTotpSetupEndpoint,
} from '@lobby/contracts';
import type { ResponseOf } from '../../lib/api-client.ts';
import { useApi } from '../../lib/api-context.tsx';
import { useOperator } from '../../lib/operator-context.tsx';
import { useSession } from '../../lib/session.tsx';
import { QrCode } from '../../components/qr-code.tsx';
import { AuthCard } from './auth-card.tsx';

type Setup = ResponseOf<typeof adminTotpSetupEndpoint>;

/**
 * TOTP enrolment: a new secret from the server shown as a QR code and as text, a code from the
 * app to confirm it, then the ten recovery codes, shown this once, which the operator must say
 * they have saved before going on.
 */
export default function EnrolPage() {
  const { t } = useTranslation('auth');
  const api = useApi();
  const session = useSession();
  const operator = useOperator();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [setup, setSetup] = useState<Setup | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [saved, setSaved] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function run(action: () => Promise<void>) {
    setBusy(true);
    setFailure(null);
    try {
      await action();
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  }

  const start = () => run(async () => setSetup(await api.call(adminTotpSetupEndpoint)));

  const confirm = (code: string) =>
    run(async () => {
      const answer = await api.call(adminTotpConfirmEndpoint, { body: { code } });
      setRecoveryCodes(answer.recoveryCodes);
      void message.success(t('enrolDone'));
    });

  const finish = () =>
    run(async () => {
      session.setOperator(await api.call(adminMeEndpoint));
      void navigate('/', { replace: true });
    });

  let content;
  if (recoveryCodes) {
    content = (
      <Flex vertical gap={16}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('recoveryTitle')}
        </Typography.Title>
        <Alert type="warning" showIcon title={t('recoveryIntro')} />
        <ol
          data-testid="recovery-codes"
          style={{ columns: 2, fontFamily: 'monospace', fontSize: 16, margin: 0 }}
        >
          {recoveryCodes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </ol>
        <Button
          icon={<CopyOutlined />}
          onClick={() =>
            void navigator.clipboard
              ?.writeText(recoveryCodes.join('\n'))
              .then(() => message.success(t('copied')))
          }
        >
          {t('copyCodes')}
        </Button>
        <Checkbox
          checked={saved}
          onChange={(event) => setSaved(event.target.checked)}
          data-testid="recovery-saved"
        >
          {t('savedCheck')}
        </Checkbox>
        <Button
          type="primary"
          disabled={!saved}
          loading={busy}
          onClick={() => void finish()}
          data-testid="enrol-continue"
        >
          {t('continue')}
        </Button>
      </Flex>
    );
  } else if (operator.totpEnabled) {
    content = (
      <Flex vertical gap={16}>
        <Alert type="success" showIcon title={t('alreadyEnrolled')} />
        <Button type="primary" onClick={() => void navigate('/', { replace: true })}>
          {t('continue')}
        </Button>
      </Flex>
    );
  } else if (!setup) {
    content = (
      <Flex vertical gap={16}>
        <Typography.Paragraph style={{ margin: 0 }}>{t('enrolIntro')}</Typography.Paragraph>
        <Button
          type="primary"
          loading={busy}
          onClick={() => void start()}
          data-testid="enrol-start"
        >
          {t('enrolStart')}
        </Button>
      </Flex>
    );
  } else {
    content = (
      <Flex vertical gap={16}>
        <Typography.Text strong>{t('enrolScan')}</Typography.Text>
        <Flex justify="center">
          <QrCode value={setup.uri} label={t('qrLabel')} size={200} />
        </Flex>
        <div>
          <Typography.Text type="secondary">{t('enrolManual')}</Typography.Text>
          <Typography.Paragraph
            copyable
            code
            data-testid="totp-secret"
            style={{ marginTop: 4, marginBottom: 0, wordBreak: 'break-all' }}
          >
            {setup.secret}
          </Typography.Paragraph>
        </div>
        <Form<{ code: string }>
          layout="vertical"
          onFinish={(values) => void confirm(values.code)}
          requiredMark={false}
        >
          <Form.Item
            name="code"
            label={<Typography.Text strong>{t('enrolConfirm')}</Typography.Text>}
            rules={[{ required: true, pattern: /^\d{6}$/, message: t('totpRequired') }]}
          >
            <Input.OTP length={6} />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy}>
            {t('enrolSubmit')}
          </Button>
        </Form>
      </Flex>
    );
  }

  return (
    <AuthCard title={t('enrolTitle')} width={480}>
      {content}
      {failure ? (
        <Alert type="error" showIcon title={failure} style={{ marginTop: 16 }} role="alert" />
      ) : null}
    </AuthCard>
  );
}
