import { useTranslation } from 'react-i18next';
import { Logo } from './logo';
import classes from './page-loader.module.css';

/**
 * Shown while a lazily loaded screen arrives: the Mohar seal, breathing, in the brand's ink. Full screen it is the
 * frame index.html paints before React (a header bar with the logo), so the first load never flashes blank or
 * unbranded. The status region carries the name; the seal is decoration.
 */
export function PageLoader({ fullScreen = false }: { fullScreen?: boolean }) {
  const { t } = useTranslation();
  const seal = (
    <div
      className={classes.centre}
      role="status"
      aria-live="polite"
      aria-label={t('loading')}
      data-testid="page-loader"
    >
      <span className={classes.seal} aria-hidden="true">
        <Logo size={56} withWordmark={false} />
      </span>
    </div>
  );
  if (!fullScreen) return seal;
  return (
    <div className={classes.frame}>
      <div className={classes.bar}>
        <Logo size={32} withWordmark />
      </div>
      {seal}
    </div>
  );
}
