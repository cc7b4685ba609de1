import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/ui/icon.tsx';
import { useOpenMode, type OpenMode } from './open-mode.ts';

const MODES: readonly { mode: OpenMode; icon: 'grid' | 'external' }[] = [
  { mode: 'frame', icon: 'grid' },
  { mode: 'window', icon: 'external' },
];

/** The member's choice of where games open: inside the site or in a new window. */
export function OpenModeSwitch() {
  const { t } = useTranslation('web');
  const [mode, setMode] = useOpenMode();
  return (
    <div className="open-mode" role="group" aria-label={t('games.openMode.label')}>
      <span className="open-mode__label">{t('games.openMode.label')}</span>
      <div className="chip-group">
        {MODES.map((item) => (
          <button
            key={item.mode}
            type="button"
            className={item.mode === mode ? 'chip is-active' : 'chip'}
            aria-pressed={item.mode === mode}
            onClick={() => setMode(item.mode)}
          >
            <Icon name={item.icon} size={14} />
            {t(`games.openMode.${item.mode}`)}
          </button>
        ))}
      </div>
    </div>
  );
}
