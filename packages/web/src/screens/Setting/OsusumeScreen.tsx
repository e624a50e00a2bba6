import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExternalLink } from './ExternalLink.tsx';
import { SettingPage, SettingSection } from './rows.tsx';
import info from './Info.module.css';

/** The three tabs of spec 001 §2.8: sites, apps and userscripts ('tm'). */
export const OSUSUME: Record<'site' | 'app' | 'tm', readonly { name: string; href: string }[]> = {
  site: [
    { name: 'pixiv', href: 'https://www.pixiv.net/' },
    { name: 'pixivision', href: 'https://www.pixivision.net/' },
    { name: 'pixiv Sketch', href: 'https://sketch.pixiv.net/' },
    { name: 'pixivFANBOX', href: 'https://www.fanbox.cc/' },
    { name: 'BOOTH', href: 'https://booth.pm/' },
    { name: 'SauceNAO', href: 'https://saucenao.com/' },
  ],
  app: [
    { name: 'PixEz', href: 'https://github.com/Notsfsssf/pixez-flutter' },
    { name: 'Pixiv-Shaft', href: 'https://github.com/CeuiLiSA/Pixiv-Shaft' },
    { name: 'gallery-dl', href: 'https://github.com/mikf/gallery-dl' },
    { name: 'HibiAPI', href: 'https://github.com/mixmoe/HibiAPI' },
  ],
  tm: [
    {
      name: 'PixivBatchDownloader',
      href: 'https://github.com/xuejianxianzun/PixivBatchDownloader',
    },
    { name: 'Pixiv Previewer', href: 'https://github.com/Ocrosoft/PixivPreviewer' },
    { name: 'Tampermonkey', href: 'https://www.tampermonkey.net/' },
    { name: 'Violentmonkey', href: 'https://violentmonkey.github.io/' },
  ],
};
const TABS = Object.keys(OSUSUME) as (keyof typeof OSUSUME)[];

/** `/setting/osusume` (alias /setting/recommend): link lists in three tabs. */
export default function OsusumeScreen() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<keyof typeof OSUSUME>('site');
  return (
    <SettingPage titleKey="title.osusume" testId="osusume">
      <div className={info.tabs} role="tablist" aria-label={t('title.osusume')}>
        {TABS.map((key) => (
          <button
            key={key}
            type="button"
            role="tab"
            id={`osusume-tab-${key}`}
            aria-selected={tab === key}
            aria-controls="osusume-panel"
            tabIndex={tab === key ? 0 : -1}
            className={info.tab}
            onClick={() => setTab(key)}
            onKeyDown={(e) => {
              const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
              if (!step) return;
              const next = TABS[(TABS.indexOf(key) + step + TABS.length) % TABS.length]!;
              setTab(next);
              document.getElementById(`osusume-tab-${next}`)?.focus();
            }}
          >
            {t(`osusume.${key}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="osusume-panel" aria-labelledby={`osusume-tab-${tab}`}>
        <SettingSection>
          {OSUSUME[tab].map((l) => (
            <ExternalLink key={l.href} name={l.name} href={l.href} />
          ))}
        </SettingSection>
      </div>
    </SettingPage>
  );
}
