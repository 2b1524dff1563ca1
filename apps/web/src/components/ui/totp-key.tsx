import { useEffect, useState } from 'react';
import { InputField } from './form-field';

/** The 6-digit code of an authenticator app, as the sign-in screen and the settings card ask for it. */
export function TotpCodeField({
  value,
  onChange,
  autoFocus,
}: {
  value: string;
  onChange: (code: string) => void;
  autoFocus?: boolean;
}) {
  return (
    <InputField
      label="Authentication code"
      name="totp"
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]{6}"
      maxLength={6}
      required
      autoFocus={autoFocus}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

/**
 * A new authenticator key as the apps take it (docs/product/two-factor.md, "Setting it up"): a QR
 * code of its otpauth:// address, and the key as text for typing in. The QR code library loads
 * only when a key is shown.
 */
export function TotpKey({ secret, uri }: { secret: string; uri: string }) {
  const [image, setImage] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    void import('qrcode')
      .then((qrcode) => qrcode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }))
      .then((svg) => {
        if (current) setImage(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
      })
      .catch(() => {
        // The key as text below is enough to set the app up.
      });
    return () => {
      current = false;
    };
  }, [uri]);

  return (
    <div className="totp-key">
      {image ? (
        <img
          className="totp-key-qr"
          src={image}
          width={176}
          height={176}
          alt="QR code of the new key for your authenticator app"
        />
      ) : null}
      <p className="totp-key-text">
        Or type this key into the app: <code>{secret.match(/.{1,4}/g)?.join(' ')}</code>
      </p>
    </div>
  );
}
