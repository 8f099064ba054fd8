import { adminUpdateControls, getControls, isAbortError } from '@shop/api-client';
import type { SiteSettings } from '@shop/contracts';
import type { SiteSettingsInput } from '@shop/rules';
import { Suspense, useEffect, useState } from 'react';
import { Await, Link, useAsyncError, useLoaderData, useRevalidator } from 'react-router-dom';
import { ErrorPanel } from '@shop/web-ui';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/toast';
import { paths } from '../../config/paths';
import { DeliveryAreasSection } from '../../features/promotions/components/delivery-areas-section';
import { SettingsForm } from '../../features/settings/components/settings-form';
import { type SettingsSaveState, SettingsResult } from '../../features/settings/components/settings-result';
import { withAdminSession } from '../../lib/auth';
import { errorMessage } from '../../lib/error-message';
import type { deliveryAreasLoader } from './promotions-loaders';
import './settings.css';

function AreasError() {
  const error = useAsyncError();
  const revalidator = useRevalidator();
  return <ErrorPanel message={errorMessage(error)} onRetry={() => void revalidator.revalidate()} />;
}

type LoadState = { status: 'loading' } | { status: 'ready'; settings: SiteSettings; version: number } | { status: 'failed'; message: string };

/** The record in force: the first of the list (spec section 3). */
async function loadSettings(signal?: AbortSignal): Promise<SiteSettings> {
  const [first] = await getControls({ signal });
  if (!first) throw new Error('No site settings record');
  return first;
}

/** Site Settings (spec sections 2 and 5): one form, saved whole, then reloaded from the server. */
export function SettingsRoute() {
  const { areas } = useLoaderData<typeof deliveryAreasLoader>();
  const revalidator = useRevalidator();
  const [load, setLoad] = useState<LoadState>({ status: 'loading' });
  const [reload, setReload] = useState(0);
  const [save, setSave] = useState<SettingsSaveState>({ status: 'idle' });

  useEffect(() => {
    const controller = new AbortController();
    loadSettings(controller.signal).then(
      (settings) => setLoad({ status: 'ready', settings, version: reload }),
      (error: unknown) => {
        if (!isAbortError(error)) setLoad({ status: 'failed', message: errorMessage(error) });
      },
    );
    return () => controller.abort();
  }, [reload]);

  async function submit(settings: SiteSettings, input: SiteSettingsInput) {
    setSave({ status: 'saving' });
    try {
      // The media lists are the media screen's: take them as they stand now, so this save never undoes one made there.
      const current = await loadSettings();
      await withAdminSession(() => adminUpdateControls(settings._id, { ...input, mediaSettings: current.mediaSettings }));
      setSave({ status: 'done' });
      toast('Settings saved successfully');
      // Site settings reload after a save (spec section 4): the form shows what the server kept.
      setReload((n) => n + 1);
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
      {load.status === 'loading' && <Spinner />}
      {load.status === 'failed' && (
        <ErrorPanel
          message={load.message}
          onRetry={() => {
            setLoad({ status: 'loading' });
            setReload((n) => n + 1);
          }}
        />
      )}
      {load.status === 'ready' && (
        <div hidden={save.status === 'saving'}>
          <SettingsForm
            key={load.version}
            settings={load.settings}
            onSubmit={(input) => void submit(load.settings, input)}
          />
        </div>
      )}
      <Suspense fallback={<Spinner />}>
        <Await resolve={areas} errorElement={<AreasError />}>
          {(list) => (
            <DeliveryAreasSection
              areas={list}
              onChanged={() => {
                void revalidator.revalidate();
                // The default area's cost is the settings' delivery cost: show the form's figure as it now stands.
                setReload((n) => n + 1);
              }}
            />
          )}
        </Await>
      </Suspense>
    </>
  );
}
