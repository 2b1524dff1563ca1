import {
  NOTIFICATION_KIND_LABELS,
  type NotificationChannel,
  type NotificationKind,
  type NotificationSetting,
} from '@verdict/contract';
import { type FormEvent, useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Page } from '@/components/ui/page';
import { paths } from '@/lib/paths';
import { useNotificationSettings, useSaveNotificationSettings } from '../api/notifications-api';
import './notifications.css';

const CHANNEL_LABELS: Record<NotificationChannel, string> = {
  in_app: 'In Verdict only',
  email: 'In Verdict and by e-mail at once',
  digest: 'In Verdict and in the daily e-mail digest',
  off: 'Off',
};

/**
 * /notifications/settings: how each kind reaches the reader. Without e-mail on the server the
 * e-mail choices are shown but cannot be picked, and the page says why.
 */
export function NotificationSettingsPage() {
  const settings = useNotificationSettings();
  const save = useSaveNotificationSettings();
  const [draft, setDraft] = useState<NotificationSetting[]>([]);
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    if (settings.data) setDraft(settings.data.settings);
  }, [settings.data]);
  const mail = settings.data?.mail_available ?? false;

  const choose = (kind: NotificationKind, channel: NotificationChannel) => {
    setSaved(false);
    setDraft((all) => all.map((s) => (s.kind === kind ? { kind, channel } : s)));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ settings: draft }, { onSuccess: () => setSaved(true) });
  };

  return (
    <Page
      title="Notification settings"
      breadcrumbs={[
        { label: 'Notifications', href: paths.notifications },
        { label: 'Settings', href: paths.notificationSettings },
      ]}
      narrow
    >
      {settings.isLoading ? <p role="status">Loading your settings…</p> : null}
      {settings.isError ? <p role="alert">Could not load your settings.</p> : null}
      {settings.data ? (
        <form className="notification-settings" onSubmit={submit}>
          {mail ? (
            <p>The daily digest is sent at {String(settings.data.digest_hour).padStart(2, '0')}:00 UTC.</p>
          ) : (
            <p>
              This server does not send e-mail, so notifications can only be shown in Verdict or turned off.
            </p>
          )}
          {draft.map((setting) => (
            <label key={setting.kind}>
              <span>{NOTIFICATION_KIND_LABELS[setting.kind]}</span>
              <select
                className="input"
                value={setting.channel}
                onChange={(event) => choose(setting.kind, event.target.value as NotificationChannel)}
              >
                {(Object.keys(CHANNEL_LABELS) as NotificationChannel[]).map((channel) => (
                  <option
                    key={channel}
                    value={channel}
                    disabled={!mail && (channel === 'email' || channel === 'digest')}
                  >
                    {CHANNEL_LABELS[channel]}
                  </option>
                ))}
              </select>
            </label>
          ))}
          {save.isError ? <p role="alert">{save.error.message}</p> : null}
          <div>
            <Button type="submit" busy={save.isPending}>
              Save
            </Button>
          </div>
          <p role="status">{saved ? 'Settings saved.' : ''}</p>
        </form>
      ) : null}
    </Page>
  );
}
