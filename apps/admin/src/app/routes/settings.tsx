import { adminPatchControls } from '@shop/api-client';
import type { SiteSettingsPatch } from '@shop/rules';
import { Link, useLoaderData, useRevalidator } from 'react-router-dom';
import { Spinner } from '../../components/ui/spinner';
import { paths } from '../../config/paths';
import { DeliveryAreasSection } from '../../features/settings/components/delivery-areas-section';
import { BankTransferSection } from '../../features/settings/components/bank-transfer-section';
import { SettingsForm } from '../../features/settings/components/settings-form';
import type { settingsLoader } from './settings-loaders';
import { Deferred } from '../../components/ui/deferred';
import './settings.css';

/**
 * Site Settings (spec sections 2 and 5; issue 26): each section saves its own part of the record (PATCH), then the
 * screen reloads the record; sections with unsaved edits keep them.
 */
export function SettingsRoute() {
  const { settings, areas } = useLoaderData<typeof settingsLoader>();
  const revalidator = useRevalidator();

  // Each form saves its sections, then the screen reads the record again: the delivery areas show the default
  // area's cost, which is the payment section's.
  const saveSections = (id: string) => async (patch: SiteSettingsPatch) => {
    const saved = await adminPatchControls(id, patch);
    void revalidator.revalidate();
    return saved;
  };

  return (
    <>
      <title>Site Settings | Island Glow Admin</title>
      <p>
        <Link to={paths.dashboard}>Go to Home</Link>
      </p>
      <h1 className="page-title">Site Settings</h1>
      <Deferred resolve={settings} placeholder={<Spinner />}>
        {(loaded) => (
          <SettingsForm
            settings={loaded}
            onSave={saveSections(loaded._id)}
          />
        )}
      </Deferred>
      <Deferred resolve={settings} placeholder={<Spinner />}>
        {(loaded) => (
          <BankTransferSection
            settings={loaded}
            onSave={saveSections(loaded._id)}
          />
        )}
      </Deferred>
      <Deferred resolve={areas} placeholder={<Spinner />}>
        {(list) => (
          <DeliveryAreasSection
            areas={list}
            // The default area's cost is the settings' delivery cost: revalidating shows the form's figure as it now stands.
            onChanged={() => void revalidator.revalidate()}
          />
        )}
      </Deferred>
    </>
  );
}
