/** Texts of the config error screen; from the locales when they could be loaded. */
export type ConfigErrorTexts = { title: string; body: string; retry: string };

/** Used only when not even the texts could be loaded (the network is down). */
export const OFFLINE_CONFIG_ERROR_TEXTS: ConfigErrorTexts = {
  title: '网站暂时无法打开 · The site cannot open right now',
  body: '请检查网络后重试。 Please check your connection and try again.',
  retry: '重新加载 · Reload',
};

/** Shown when the brand's config cannot be had: without it there is no site to draw. */
export function ConfigError({ texts }: { texts: ConfigErrorTexts }) {
  return (
    <div className="config-error">
      <div className="config-error__card">
        <h1>{texts.title}</h1>
        <p>{texts.body}</p>
        <button type="button" className="btn btn--primary" onClick={() => window.location.reload()}>
          {texts.retry}
        </button>
      </div>
    </div>
  );
}
