import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoCBOR } from '@simplewebauthn/server/helpers';

const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_ATTESTED_CREDENTIAL = 0x40;
const COSE_EC2 = 2;
const COSE_ES256 = -7;
const COSE_P256 = 1;

function b64url(bytes: Uint8Array | string): string {
  return Buffer.from(bytes).toString('base64url');
}

function sha256(data: Uint8Array | string): Buffer {
  return createHash('sha256').update(data).digest();
}

/**
 * A passkey authenticator in software, for tests without a browser: one ES256 key pair (node:crypto), answers
 * built as WebAuthn specifies them (clientDataJSON, authenticator data, a CBOR attestation object of format
 * 'none', a DER ECDSA signature over authenticator data and the client data's hash). Its signature counter
 * goes up by one per login; a test may send any counter, origin or challenge to see it refused.
 */
export class SoftAuthenticator {
  readonly credentialId = randomBytes(16);
  counter = 0;
  private readonly keys = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  private userHandle = '';

  constructor(private readonly origin: string) {}

  get id(): string {
    return b64url(this.credentialId);
  }

  private coseKey(): Uint8Array {
    const jwk = this.keys.publicKey.export({ format: 'jwk' });
    if (!jwk.x || !jwk.y) throw new Error('no EC public key');
    return isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, COSE_EC2],
        [3, COSE_ES256],
        [-1, COSE_P256],
        [-2, Buffer.from(jwk.x, 'base64url')],
        [-3, Buffer.from(jwk.y, 'base64url')],
      ]),
    );
  }

  private authenticatorData(rpId: string, flags: number, counter: number, attested: boolean): Buffer {
    const counterBytes = Buffer.alloc(4);
    counterBytes.writeUInt32BE(counter);
    const parts = [sha256(rpId), Buffer.from([flags]), counterBytes];
    if (attested) {
      const length = Buffer.alloc(2);
      length.writeUInt16BE(this.credentialId.length);
      parts.push(Buffer.alloc(16), length, this.credentialId, Buffer.from(this.coseKey()));
    }
    return Buffer.concat(parts);
  }

  private clientData(type: string, challenge: string, origin: string): string {
    return JSON.stringify({ type, challenge, origin, crossOrigin: false });
  }

  /** This platform authenticator's credential, as a browser hands it over, around `response`. */
  private credential<Response>(response: Response) {
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      clientExtensionResults: {},
      authenticatorAttachment: 'platform' as const,
      response,
    };
  }

  /** The answer navigator.credentials.create would give to `options`. */
  register(
    options: PublicKeyCredentialCreationOptionsJSON,
    tamper: { origin?: string; challenge?: string } = {},
  ): RegistrationResponseJSON {
    this.userHandle = options.user.id;
    const rpId = options.rp.id ?? new URL(this.origin).hostname;
    const authData = this.authenticatorData(
      rpId,
      FLAG_USER_PRESENT | FLAG_USER_VERIFIED | FLAG_ATTESTED_CREDENTIAL,
      this.counter,
      true,
    );
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Uint8Array | Map<string, string>>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', authData],
      ]),
    );
    const clientDataJSON = this.clientData(
      'webauthn.create',
      tamper.challenge ?? options.challenge,
      tamper.origin ?? this.origin,
    );
    return this.credential({
      clientDataJSON: b64url(clientDataJSON),
      attestationObject: b64url(attestationObject),
      transports: ['internal'],
    });
  }

  /** The answer navigator.credentials.get would give to `options`, counting one more use. */
  login(
    options: PublicKeyCredentialRequestOptionsJSON,
    tamper: { origin?: string; counter?: number; rpId?: string } = {},
  ): AuthenticationResponseJSON {
    this.counter += 1;
    const rpId = tamper.rpId ?? options.rpId ?? new URL(this.origin).hostname;
    const authData = this.authenticatorData(
      rpId,
      FLAG_USER_PRESENT | FLAG_USER_VERIFIED,
      tamper.counter ?? this.counter,
      false,
    );
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, tamper.origin ?? this.origin);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), this.keys.privateKey);
    return this.credential({
      clientDataJSON: b64url(clientDataJSON),
      authenticatorData: b64url(authData),
      signature: b64url(signature),
      ...(this.userHandle ? { userHandle: this.userHandle } : {}),
    });
  }
}
