import { adminUpdateControls } from '@shop/api-client';
import type { SiteSettings } from '@shop/contracts';
import type { SiteSettingsInput } from '@shop/rules';
import { Suspense, useState } from 'react';
import { Await, Link, useLoaderData, useRevalidator } from 'react-router-dom';
import { toast } from '@shop/web-ui';
import { LoadError } from '../../components/ui/load-error';
import { Spinner } from '../../components/ui/spinner';
import { paths } from '../../config/paths';
import { DeliveryAreasSection } from '../../features/promotions/components/delivery-areas-section';
import { SettingsForm } from '../../features/settings/components/settings-form';
import { type SettingsSaveState, SettingsResult } from '../../features/settings/components/settings-result';
import { errorMessage } from '../../lib/error-message';
import { identityKey } from '../../lib/identity-key';
import { readSiteSettings, type settingsLoader } from './settings-loaders';
import './settings.css';

/** Site Settings (spec sections 2 and 5): one form, saved whole, then reloaded from the server. */
export function SettingsRoute() {
  const { settings, areas } = useLoaderData<typeof settingsLoader>();
  const revalidator = useRevalidator();
  const [save, setSave] = useState<SettingsSaveState>({ status: 'idle' });

  async function submit(current: SiteSettings, input: SiteSettingsInput) {
    setSave({ status: 'saving' });
    try {
      // The media lists are the media screen's: take them as they stand now, so this save never undoes one made there.
      const fresh = await readSiteSettings();
      await adminUpdateControls(current._id, { ...input, mediaSettings: fresh.mediaSettings });
      setSave({ status: 'done' });
      toast('Settings saved successfully');
      // Site settings reload after a save (spec section 4): the form shows what the server kept.
      void revalidator.revalidate();
    } catch (caught) {
      setSave({ status: 'failed', message: errorMessage(caught) });
    }
  }

  return (
    <>
      <title>Site Settings | Island Glow Admin</title>
      <p>
        <Link to={paths.dashboard}>Go to Home</Link>
      </p>
      <h1 className="page-title">Site Settings</h1>
      <SettingsResult state={save} />
      <Suspense fallback={<Spinner />}>
        <Await resolve={settings} errorElement={<LoadError placeholder={<Spinner />} />}>
          {(loaded) => (
            <div hidden={save.status === 'saving'}>
              {/* Each load draws the form afresh from the record as the server holds it. */}
              <SettingsForm key={identityKey(loaded)} settings={loaded} onSubmit={(input) => void submit(loaded, input)} />
            </div>
          )}
        </Await>
      </Suspense>
      <Suspense fallback={<Spinner />}>
        <Await resolve={areas} errorElement={<LoadError placeholder={<Spinner />} />}>
          {(list) => (
            <DeliveryAreasSection
              areas={list}
              // The default area's cost is the settings' delivery cost: revalidating shows the form's figure as it now stands.
              onChanged={() => void revalidator.revalidate()}
            />
          )}
        </Await>
      </Suspense>
    </>
  );
}
