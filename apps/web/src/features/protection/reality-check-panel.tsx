import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  REALITY_CHECK_CHOICES,
  realityCheckEndpoint,
  setRealityCheckEndpoint,
} from '@lobby/contracts';
import { FormAlert, SelectInput } from '../../components/ui/form.tsx';
import { Panel } from '../../components/ui/page.tsx';
import { useErrorText } from '../../components/ui/use-error-text.ts';
import { useApiClient } from '../../lib/api-context.tsx';

const KEY = ['protection', 'reality-check'] as const;

/** The member's reality-check interval: the site's default, off, or one of the choices. */
export function RealityCheckPanel() {
  const { t } = useTranslation('web');
  const api = useApiClient();
  const client = useQueryClient();
  const errorText = useErrorText();
  const settings = useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) =>
      api.get(realityCheckEndpoint.path, { schema: realityCheckEndpoint.response, signal }),
  });
  const save = useMutation({
    mutationFn: (minutes: number | null) =>
      api.post(setRealityCheckEndpoint.path, {
        body: { minutes },
        schema: setRealityCheckEndpoint.response,
      }),
    onSuccess: (next) => client.setQueryData(KEY, next),
  });
  const data = settings.data;
  const label = (minutes: number) =>
    minutes === 0
      ? t('protection.realityCheck.off')
      : t('protection.realityCheck.minutes', { count: minutes });
  return (
    <Panel title={t('protection.realityCheck.title')} icon="bell">
      <p className="muted">{t('protection.realityCheck.intro')}</p>
      {data ? (
        <div className="reality-check-form">
          <SelectInput
            name="realityCheck"
            label={t('protection.realityCheck.interval')}
            value={data.chosenMinutes === null ? 'default' : String(data.chosenMinutes)}
            disabled={save.isPending}
            onChange={(value) => save.mutate(value === 'default' ? null : Number(value))}
            options={[
              {
                value: 'default',
                label: t('protection.realityCheck.default', {
                  minutes: label(data.brandDefaultMinutes),
                }),
              },
              { value: '0', label: label(0) },
              ...REALITY_CHECK_CHOICES.map((minutes) => ({
                value: String(minutes),
                label: label(minutes),
              })),
            ]}
          />
        </div>
      ) : null}
      {save.isSuccess ? (
        <FormAlert tone="success">{t('protection.realityCheck.saved')}</FormAlert>
      ) : null}
      {save.isError ? <FormAlert>{errorText(save.error)}</FormAlert> : null}
    </Panel>
  );
}
